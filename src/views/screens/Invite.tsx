import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../app/hooks.ts';
import { LoginPrompt } from '../components/LoginPrompt.tsx';
import headings from '../components/headings.module.css';
import styles from './screens.module.css';
import own from './Invite.module.css';

export default function Invite() {
  const { t } = useTranslation();
  const { loggedIn, user } = useSession();
  const [copied, setCopied] = useState<string | null>(null);
  if (!loggedIn || !user) return <section className={styles.card}><h1 className={headings.pageTitle}>{t('account.invite')}</h1><LoginPrompt /></section>;
  const link = `${location.origin}/pass/register?invite=${encodeURIComponent(user.inviteCode)}`;
  const copy = (text: string) =>
    navigator.clipboard?.writeText(text).then(() => setCopied(t('account.copied')), () => setCopied(t('account.copyFailed'))) ?? setCopied(t('account.copyFailed'));
  return (
    <section className={styles.card} aria-labelledby="inv-title" data-testid="invite">
      <h1 id="inv-title" className={headings.pageTitle}>{t('account.invite')}</h1>
      <p className={styles.muted}>{t('account.inviteText')}</p>
      <h2 className={own.label}>{t('account.inviteCode')}</h2>
      <div className={styles.copyRow}><code data-testid="invite-code">{user.inviteCode}</code><button type="button" className={styles.sendCode} onClick={() => copy(user.inviteCode)}>{t('account.copy')}</button></div>
      <h2 className={`${own.label} ${own.spaced}`}>{t('account.inviteLink')}</h2>
      <div className={styles.copyRow}><code>{link}</code><button type="button" className={styles.sendCode} onClick={() => copy(link)}>{t('account.copy')}</button></div>
      <p role="status" className={styles.note}>{copied ?? ''}</p>
    </section>
  );
}
