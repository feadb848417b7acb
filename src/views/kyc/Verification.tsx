import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { MyKyc } from '../../contract/kyc.ts';
import { useMyKyc } from '../../services/kyc/queries.ts';
import { useAppActors } from '../platform/app/actors.tsx';
import { useSession } from '../platform/app/hooks.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import { SignedOutScreen } from '../platform/components/LoginPrompt.tsx';
import headings from '../platform/components/headings.module.css';
import ui from '../platform/components/ui.module.css';
import screens from '../platform/styles/screens.module.css';
import wallet from '../platform/styles/money.module.css';
import { KycForm } from './KycForm.tsx';
import { dateTime, useLocaleTag } from './locale.ts';
import styles from './kyc.module.css';

/** Where the user stands: pending with the 48-hour promise, rejected with the reason, verified. */
function StatusPanel({ kyc, onResubmit, onUpdate }: { kyc: MyKyc; onResubmit: () => void; onUpdate: () => void }) {
  const { t } = useTranslation();
  const locale = useLocaleTag();
  const sub = kyc.submission;
  const status = kyc.status;
  return (
    <section
      className={`${screens.card} ${styles.status}`}
      data-testid="kyc-status"
      data-status={status}
      aria-labelledby="kyc-status-title"
    >
      <span className={styles.badge}>{t(`account.kycStatus.${status}`)}</span>
      <h2 id="kyc-status-title">{t(`kyc.status.${status}Title`)}</h2>
      {status === 'pending' && sub && (
        <p data-testid="kyc-promise">
          {t('kyc.status.pending', {
            date: dateTime(sub.createdAt, locale),
            hours: kyc.reviewHours,
            deadline: dateTime(new Date(sub.createdAt).getTime() + kyc.reviewHours * 3600_000, locale),
          })}
        </p>
      )}
      {status === 'pending' && kyc.updating && <p data-testid="kyc-updating">{t('kyc.status.updating')}</p>}
      {status === 'verified' && (
        <>
          <p>{t('kyc.status.verified')}</p>
          {/* what verification was for: the next step, as a button */}
          <div className={styles.nextStep} data-testid="kyc-next-step">
            <h3 className={styles.nextTitle}>{t('kyc.status.nextStep')}</h3>
            <Link href="/loan" className={ui.button} data-testid="kyc-to-loan">
              {t('kyc.status.toLoan')}
            </Link>
          </div>
          <p className={wallet.hint}>{t('kyc.status.updateNote')}</p>
          <button type="button" className={wallet.secondary} onClick={onUpdate} data-testid="kyc-update">
            {t('kyc.status.update')}
          </button>
        </>
      )}
      {status === 'rejected' && (
        <>
          <p>{t('kyc.status.rejected')}</p>
          <p className={styles.reason} data-testid="kyc-reason">
            {kyc.rejectReason}
          </p>
          {kyc.resubmissionsLeft > 0 ? (
            <>
              <button type="button" className={screens.submit} onClick={onResubmit} data-testid="kyc-resubmit">
                {t('kyc.status.resubmit')}
              </button>
              <small className={wallet.hint}>{t('kyc.status.left', { count: kyc.resubmissionsLeft })}</small>
            </>
          ) : (
            <p>
              {t('kyc.status.noneLeft')} <Link href="/help">{t('help.title')}</Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}

/**
 * /profile/verification: the form for someone not yet verified (or resubmitting after a
 * rejection), else the status. The status is the service's; the session's user is refreshed
 * after a submission and on every decision (live user event).
 */
export default function Verification() {
  const { t } = useTranslation();
  const { loggedIn } = useSession();
  const { session } = useAppActors();
  const kyc = useMyKyc(loggedIn);
  const [resubmitting, setResubmitting] = useState(false);
  const [updating, setUpdating] = useState(false);
  if (!loggedIn) return <SignedOutScreen className={screens.card} title={t('kyc.title')} />;
  const update = kyc.data?.status === 'verified' && updating;
  const showForm =
    kyc.data &&
    (kyc.data.status === 'none' || update || (kyc.data.status === 'rejected' && resubmitting && kyc.data.resubmissionsLeft > 0));
  return (
    <div className={styles.page} data-testid="kyc">
      <section className={screens.card} aria-labelledby="kyc-title">
        <h1 id="kyc-title" className={headings.pageTitle}>
          {t('kyc.title')}
        </h1>
        <p className={screens.muted}>{t('kyc.intro')}</p>
      </section>
      <Loadable query={kyc}>
        {kyc.data &&
          (showForm ? (
            <KycForm
              update={update}
              onSubmitted={() => {
                setResubmitting(false);
                setUpdating(false);
                session.send({ type: 'session.refresh' });
              }}
            />
          ) : (
            <StatusPanel kyc={kyc.data} onResubmit={() => setResubmitting(true)} onUpdate={() => setUpdating(true)} />
          ))}
      </Loadable>
    </div>
  );
}
