import { useState } from 'react';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTimeIn } from '../../i18n/format.ts';
import type { ActiveSession } from '../../services/platform/types.ts';
import { useEndSession, useSessions } from '../../services/auth/account.ts';
import { useSession } from '../platform/app/hooks.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import { SignedOutScreen } from '../platform/components/LoginPrompt.tsx';
import { DocumentAccess } from './DocumentAccess.tsx';
import headings from '../platform/components/headings.module.css';
import styles from '../platform/styles/screens.module.css';
import own from './Sessions.module.css';
import wallet from '../platform/styles/money.module.css';

export default function Sessions() {
  const { t } = useTranslation();
  const { loggedIn } = useSession();
  if (!loggedIn) return <SignedOutScreen className={styles.card} title={t('account.sessions.title')} />;
  return (
    <>
      <List />
      <DocumentAccess />
    </>
  );
}

/** A readable name for a device from its user agent: browser on system, else the raw text cut short. */
function deviceName(userAgent: string | null, unknown: string): string {
  if (!userAgent) return unknown;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return browser && system ? `${browser} · ${system}` : userAgent.slice(0, 60);
}

/**
 * The account's signed-in devices, the current one first marked. Any other can be ended (its
 * token stops working at once); ending this one is signing out, on the profile screen.
 */
function List() {
  const { t } = useTranslation();
  const list = useSessions();
  const rows = list.data?.rows ?? [];
  return (
    <section className={styles.card} aria-labelledby="ses-title" data-testid="sessions">
      <div className={styles.cardHead}>
        <h1 id="ses-title" className={headings.barTitle}>
          {t('account.sessions.title')}
        </h1>
      </div>
      <p className={styles.muted}>{t('account.sessions.hint')}</p>
      <Loadable query={list}>
        <ul className={styles.list}>
          {rows.map((s) => (
            <SessionItem key={s.id} session={s} />
          ))}
        </ul>
      </Loadable>
    </section>
  );
}

function SessionItem({ session: s }: { session: ActiveSession }) {
  const { t } = useTranslation();
  const end = useEndSession();
  const [confirming, setConfirming] = useState(false);
  const when = (iso: string) => formatDateTimeIn(i18n.language, iso);
  return (
    <li className={own.item} data-testid="session" data-current={s.current}>
      <div className={own.body}>
        <span className={own.device}>
          {deviceName(s.userAgent, t('account.sessions.unknownDevice'))}
          {s.current && <span className={own.current}> · {t('account.sessions.current')}</span>}
        </span>
        <span className={styles.note}>{t('account.sessions.seen', { ip: s.ip ?? '—', time: when(s.lastSeenAt) })}</span>
        <span className={styles.note}>
          {t(s.remember ? 'account.sessions.remembered' : 'account.sessions.idle', {
            minutes: s.idleMinutes,
            time: when(s.expiresAt),
          })}
        </span>
        {end.error && (
          <span className={styles.note} role="alert">
            {end.error.message}
          </span>
        )}
      </div>
      {!s.current &&
        (confirming ? (
          <span>
            <button
              type="button"
              className={wallet.danger}
              disabled={end.isPending}
              onClick={() => end.mutate(s.id)}
              data-testid="session-end-confirm"
            >
              {t('account.sessions.endConfirm')}
            </button>{' '}
            <button type="button" className={wallet.secondary} onClick={() => setConfirming(false)}>
              {t('wallet.cancel')}
            </button>
          </span>
        ) : (
          <button type="button" className={wallet.secondary} onClick={() => setConfirming(true)} data-testid="session-end">
            {t('account.sessions.end')}
          </button>
        ))}
    </li>
  );
}
