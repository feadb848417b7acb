import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInvitees } from '../../services/support/index.ts';
import { useSession } from '../platform/app/hooks.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import { LoginPrompt } from '../platform/components/LoginPrompt.tsx';
import headings from '../platform/components/headings.module.css';
import { useWhen } from '../platform/components/moneyFormat.ts';
import styles from '../platform/styles/screens.module.css';
import own from './Invite.module.css';

/** The invite link as a QR code (SVG, drawn in the browser by the `qrcode` package, loaded with this screen only). */
function useQrCode(text: string): string | null {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // no link yet (logged out, profile loading): nothing to draw; the package throws "No input text" on ''
    if (!text) return;
    void import('qrcode')
      .then((q) => q.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))
      .then((s) => {
        if (live) setSvg(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(s)}`);
      });
    return () => {
      live = false;
    };
  }, [text]);
  return svg;
}

/**
 * Invite friends (/profile/invite): the code and the link (bound to the new account at
 * registration, docs/support.md), a QR code of the link, a share button (the Web Share API, or
 * the link copied where there is none) and the friends who registered with it, masked.
 */
export default function Invite() {
  const { t } = useTranslation();
  const when = useWhen();
  const { loggedIn, user } = useSession();
  const [said, setSaid] = useState<string | null>(null);
  const invitees = useInvitees(loggedIn);
  const link = user ? `${location.origin}/pass/register?invite=${encodeURIComponent(user.inviteCode)}` : '';
  const qr = useQrCode(link);
  if (!loggedIn || !user)
    return (
      <section className={styles.card}>
        <h1 className={headings.pageTitle}>{t('account.invite')}</h1>
        <LoginPrompt />
      </section>
    );
  const copy = (text: string, done = t('account.copied')) =>
    navigator.clipboard?.writeText(text).then(
      () => setSaid(done),
      () => setSaid(t('account.copyFailed')),
    ) ?? setSaid(t('account.copyFailed'));
  const share = () => {
    const data = { title: t('invite.shareTitle'), text: t('invite.shareText'), url: link };
    if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
      // a dismissed sheet is no failure: nothing to say then
      navigator.share(data).then(
        () => setSaid(t('invite.shared')),
        (e: unknown) => (e as { name?: string })?.name !== 'AbortError' && void copy(link, t('invite.linkCopied')),
      );
    } else {
      void copy(link, t('invite.linkCopied'));
    }
  };
  const rows = invitees.data?.rows ?? [];
  return (
    <div className={styles.stack}>
      <section className={styles.card} aria-labelledby="inv-title" data-testid="invite">
        <h1 id="inv-title" className={headings.pageTitle}>
          {t('account.invite')}
        </h1>
        <p className={styles.muted}>{t('account.inviteText')}</p>
        <div className={own.layout}>
          <div className={own.codes}>
            <h2 className={own.label}>{t('account.inviteCode')}</h2>
            <div className={styles.copyRow}>
              <code data-testid="invite-code">{user.inviteCode}</code>
              <button type="button" className={styles.sendCode} onClick={() => copy(user.inviteCode)}>
                {t('account.copy')}
              </button>
            </div>
            <h2 className={`${own.label} ${own.spaced}`}>{t('account.inviteLink')}</h2>
            <div className={styles.copyRow}>
              <code data-testid="invite-link">{link}</code>
              <button type="button" className={styles.sendCode} onClick={() => copy(link)}>
                {t('account.copy')}
              </button>
            </div>
            <button type="button" className={own.share} onClick={share} data-testid="invite-share">
              {t('invite.share')}
            </button>
            <p role="status" className={styles.note}>
              {said ?? ''}
            </p>
          </div>
          <figure className={own.qr}>
            {qr ? (
              <img src={qr} width={180} height={180} alt={t('invite.qrAlt')} data-testid="invite-qr" />
            ) : (
              <span className={own.qrPlaceholder} aria-busy="true" />
            )}
            <figcaption className={styles.note}>{t('invite.qrCaption')}</figcaption>
          </figure>
        </div>
      </section>
      <section className={styles.card} aria-labelledby="inv-friends" data-testid="invitees">
        <div className={styles.cardHead}>
          <h2 id="inv-friends">{t('invite.friends')}</h2>
          {invitees.data && <span className={styles.note}>{t('invite.total', { count: invitees.data.total })}</span>}
        </div>
        <Loadable query={invitees}>
          {rows.length === 0 ? (
            <p className={styles.muted} data-testid="invitees-none">
              {t('invite.none')}
            </p>
          ) : (
            <table className={styles.dataTable}>
              <thead>
                <tr>
                  <th>{t('invite.friend')}</th>
                  <th>{t('invite.joined')}</th>
                  <th>{t('invite.verification')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r, i) => (
                  <tr key={`${r.name}-${r.joinedAt}-${i}`} data-testid="invitee">
                    <td className={own.name}>
                      <bdi>{r.name}</bdi>
                    </td>
                    <td className="num">{when(r.joinedAt, true)}</td>
                    <td>
                      <span className={own.verified} data-verified={r.verified}>
                        {r.verified ? t('invite.verified') : t('invite.notVerified')}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Loadable>
      </section>
    </div>
  );
}
