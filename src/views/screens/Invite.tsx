import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../app/hooks.ts';
import { LoginPrompt } from '../components/LoginPrompt.tsx';
import styles from './screens.module.css';

export default function Invite() {
  const { t } = useTranslation();
  const { loggedIn, user } = useSession();
  const [copied, setCopied] = useState<string | null>(null);
  if (!loggedIn || !user) return <section className={styles.card}><h1 style={{ fontSize: 24 }}>{t('account.invite')}</h1><LoginPrompt /></section>;
  const link = `${location.origin}/pass/register?invite=${encodeURIComponent(user.inviteCode)}`;
  const copy = (text: string) =>
    navigator.clipboard?.writeText(text).then(() => setCopied(t('account.copied')), () => setCopied(t('account.copyFailed'))) ?? setCopied(t('account.copyFailed'));
  return (
    <section className={styles.card} aria-labelledby="inv-title" data-testid="invite">
      <h1 id="inv-title" style={{ fontSize: 24 }}>{t('account.invite')}</h1>
      <p className={styles.muted}>{t('account.inviteText')}</p>
      <h2 style={{ fontSize: 15 }}>{t('account.inviteCode')}</h2>
      <div className={styles.copyRow}><code data-testid="invite-code">{user.inviteCode}</code><button type="button" className={styles.sendCode} onClick={() => copy(user.inviteCode)}>{t('account.copy')}</button></div>
      <h2 style={{ fontSize: 15, marginBlockStart: 16 }}>{t('account.inviteLink')}</h2>
      <div className={styles.copyRow}><code>{link}</code><button type="button" className={styles.sendCode} onClick={() => copy(link)}>{t('account.copy')}</button></div>
      <p role="status" className={styles.note}>{copied ?? ''}</p>
    </section>
  );
}
