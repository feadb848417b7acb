import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate } from './isolate.ts';
import type { AdminLoan } from '../../contract/loans.ts';
import { refusalOf, useAdminLoan, useLoanDecision, useLoanSignature } from '../../services/loans/queries.ts';
import { formatDecimal, formatMoney } from '../platform/components/Figures.tsx';
import screens from '../platform/styles/screens.module.css';
import wallet from '../platform/styles/money.module.css';
import styles from '../platform/operator/admin.module.css';

/** The borrower's signature, fetched with the token and shown through an object URL revoked when it goes. */
function Signature({ id }: { id: string }) {
  const { t } = useTranslation();
  const sig = useLoanSignature(id);
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    if (!sig.data || !image.current) return;
    const url = URL.createObjectURL(sig.data);
    image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [sig.data]);
  return sig.data ? (
    <img ref={image} alt={t('loan.signature')} data-testid="admin-loan-signature" className={styles.signature} />
  ) : (
    <p aria-busy="true">{t('common.loading')}</p>
  );
}

/**
 * A loan opened from the queue (P or Open): the borrower, the terms, the agreement signed and its
 * signature; approve (four eyes) or reject with a reason from here too.
 */
export function LoanReview({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useAdminLoan(id);
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    const key = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [onClose]);
  const l = detail.data?.loan;
  return (
    <div className={styles.overlay} role="presentation" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div
        className={styles.viewer}
        role="dialog"
        aria-modal="true"
        aria-labelledby="loan-review-title"
        data-queue-dialog=""
        data-testid="admin-loan-review"
      >
        <h2 id="loan-review-title">{t('loan.admin.title', { id })}</h2>
        {l && (
          <>
            <LoanFacts l={l} />
            <Signature id={id} />
            {l.status === 'pending_review' && <LoanDecision id={id} firstApprovedBy={l.firstApprovedBy} onMessage={setMessage} />}
          </>
        )}
        {message && (
          <p role="status" data-testid="admin-loan-message">
            {message}
          </p>
        )}
        {detail.isError && (
          <p className={styles.refusal} role="alert">
            {t('common.failed')}
          </p>
        )}
        <div className={wallet.actions}>
          <button type="button" className={wallet.secondary} onClick={onClose} data-testid="admin-loan-close">
            {t('admin.close')}
          </button>
        </div>
      </div>
    </div>
  );
}

/** What an operator decides on: the borrower and their verification, the terms, the agreement, the debt and reason once decided. */
function LoanFacts({ l }: { l: AdminLoan }) {
  const { t } = useTranslation();
  return (
    <dl className={wallet.quote}>
      <div>
        <dt>{t('admin.user')}</dt>
        <dd>
          {l.username} (#{l.userId}) · {t(`account.kycStatus.${l.kycStatus}`, { defaultValue: l.kycStatus })}
        </dd>
      </div>
      <div>
        <dt>{t('loan.fullName')}</dt>
        <dd data-testid="admin-loan-name">{l.fullName}</dd>
      </div>
      <div>
        <dt>{t('loan.amount')}</dt>
        <dd className="num">
          {formatMoney(l.amount, 'USDT', { full: true })} USDT · {t('loan.days', { n: l.days })}
        </dd>
      </div>
      <div>
        <dt>{t('loan.collateral')}</dt>
        <dd className="num">
          {formatMoney(l.collateralAmount, l.collateralAsset)} {l.collateralAsset}
        </dd>
      </div>
      <div>
        <dt>{t('loan.ltv')}</dt>
        <dd className="num">{l.ltv === null ? '—' : `${formatDecimal(String(Number(l.ltv) * 100), 2)} %`}</dd>
      </div>
      <div>
        <dt>{t('loan.agreement')}</dt>
        <dd>
          {t('loan.signedVersion', { version: isolate(l.agreementVersion) })} ({l.agreementLanguage})
        </dd>
      </div>
      {l.status !== 'pending_review' && (
        <div>
          <dt>{t('loan.debtNow')}</dt>
          <dd className="num">{formatMoney(l.repaymentAmount, 'USDT', { full: true })} USDT</dd>
        </div>
      )}
      {l.rejectReason && (
        <div>
          <dt>{t('loan.admin.reason')}</dt>
          <dd>{l.rejectReason}</dd>
        </div>
      )}
    </dl>
  );
}

/** Approve (four eyes) or reject with a reason, from the opened loan; the outcome goes to `onMessage`. */
function LoanDecision({
  id,
  firstApprovedBy,
  onMessage,
}: {
  id: string;
  firstApprovedBy: string | null;
  onMessage: (m: string) => void;
}) {
  const { t } = useTranslation();
  const { approve, reject } = useLoanDecision();
  const [reason, setReason] = useState('');
  const failed = (e: unknown) => onMessage(refusalOf(e, t('common.failed')).text);
  return (
    <div className={screens.form}>
      {firstApprovedBy && <p className={wallet.hint}>{t('admin.firstApproval', { id: firstApprovedBy })}</p>}
      <label className={screens.field}>
        <span>{t('loan.admin.reason')}</span>
        <input maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} data-testid="admin-loan-reason" />
      </label>
      <div className={wallet.actions}>
        <button
          type="button"
          className={wallet.danger}
          disabled={!reason.trim() || reject.isPending}
          onClick={() =>
            reject.mutate(
              { id, reason: reason.trim() },
              { onSuccess: () => onMessage(t('loan.admin.rejected')), onError: failed },
            )
          }
          data-testid="admin-loan-reject"
        >
          {t('loan.admin.reject')}
        </button>
        <button
          type="button"
          className={screens.submit}
          disabled={approve.isPending}
          onClick={() =>
            approve.mutate(id, {
              onSuccess: (r) => onMessage(t(r.step === 'first' ? 'loan.admin.firstDone' : 'loan.admin.approved')),
              onError: failed,
            })
          }
          data-testid="admin-loan-approve"
        >
          {t('loan.admin.approve')}
        </button>
      </div>
    </div>
  );
}
