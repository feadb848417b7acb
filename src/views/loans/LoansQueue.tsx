import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate } from './isolate.ts';
import type { LoanStatus } from '../../contract/loans.ts';
import { LOAN_STATUSES } from '../../contract/loans.ts';
import { reviewQueueFlow, useReasonList } from '../../services/admin/index.ts';
import { refusalOf, useAdminLoan, useAdminLoans, useLoanDecision, useLoanSignature } from '../../services/loans/queries.ts';
import { formatDecimal, formatMoney } from '../platform/components/Figures.tsx';
import { localTime } from '../platform/components/recordParts.tsx';
import { AdminList, CardTable, Who } from '../platform/operator/queue.tsx';
import { QueueWorkBar, useQueueWork } from '../platform/operator/queueWork.tsx';
import { ReasonsEditor } from '../platform/operator/ReasonsEditor.tsx';
import { ReviewControls } from '../platform/operator/review.tsx';
import screens from '../platform/styles/screens.module.css';
import wallet from '../platform/styles/money.module.css';
import styles from '../platform/operator/admin.module.css';

const flow = reviewQueueFlow('loans');
const underReview = (l: { status: string }) => l.status === 'pending_review';

/**
 * Loans to review (console section "Loans"): the queue (under review, oldest first, by default),
 * a loan's detail with the signature, the agreement version and the borrower's verification;
 * approve (four eyes: the first approval is recorded, a second operator pays out) or reject with
 * a reason the borrower sees, from the row (buttons or keys: src/views/platform/operator/queueWork.tsx,
 * P opens the detail) or from the detail. Loans have no bulk route: decided one by one. Every
 * decision is audited by the service.
 */
export function LoansQueue() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<LoanStatus | ''>('pending_review');
  const list = useAdminLoans(status);
  const rows = list.data?.rows ?? [];
  const work = useQueueWork(flow, rows, { proof: true, bulk: false, waiting: underReview });
  const reasons = useReasonList('loans');
  const open = work.q.proof;
  const close = () => work.send({ type: 'queue.close' });
  return (
    <AdminList
      id="adm-loans"
      testId="admin-loans"
      title={t('admin.sections.loans')}
      tools={
        <label className={screens.field}>
          <span>{t('account.statusLabel')}</span>
          <select value={status} onChange={(e) => setStatus(e.target.value as LoanStatus | '')} data-testid="loan-status-filter">
            <option value="">{t('loan.admin.all')}</option>
            {LOAN_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`loan.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
      }
      list={list}
      rows={rows}
      page={1}
      onPage={() => undefined}
      bar={
        <>
          <ReasonsEditor queue="loans" list={reasons} />
          <QueueWorkBar work={work} queue="loans" reasons={reasons.reasons.data?.rows} />
        </>
      }
      after={open && <LoanReview key={open} id={open} onClose={close} />}
    >
      <div id={work.tableId}>
        <CardTable
          columns={[
            t('admin.user'),
            t('loan.amount'),
            t('loan.collateral'),
            t('loan.term'),
            t('loan.ltv'),
            t('admin.submitted'),
            t('account.statusLabel'),
            '',
          ]}
        >
          {rows.map((l) => (
            <tr
              key={l.id}
              {...work.rowProps(l.id)}
              data-testid="admin-loan-row"
              data-id={l.id}
              data-user={l.username}
              data-status={l.status}
            >
              <td data-label={t('admin.user')}>
                <Who username={l.username} userId={l.userId} />
              </td>
              <td data-label={t('loan.amount')} className="num">
                {formatMoney(l.amount, 'USDT', { full: true })} USDT
              </td>
              <td data-label={t('loan.collateral')} className="num">
                {formatMoney(l.collateralAmount, l.collateralAsset)} {l.collateralAsset}
              </td>
              <td data-label={t('loan.term')}>{t('loan.days', { n: l.days })}</td>
              <td data-label={t('loan.ltv')} className="num">
                {l.ltv === null ? '—' : `${formatDecimal(String(Number(l.ltv) * 100), 2)} %`}
              </td>
              <td data-label={t('admin.submitted')} className="num">
                {localTime(l.createdAt)}
              </td>
              <td data-label={t('account.statusLabel')}>
                {t(`loan.status.${l.status}`)}
                {l.status === 'pending_review' && l.firstApprovedBy && (
                  <span className={`${wallet.hint} ${wallet.block}`} data-testid="loan-first-approval">
                    {t('admin.firstApproval', { id: l.firstApprovedBy })}
                  </span>
                )}
                {underReview(l) && <ReviewControls kind="loan" id={l.id} {...work.controls(l.id)} />}
              </td>
              <td>
                <button
                  type="button"
                  className={wallet.secondary}
                  onClick={() => work.send({ type: 'queue.proof', id: l.id })}
                  data-testid="admin-loan-open"
                >
                  {t('loan.admin.open')}
                </button>
              </td>
            </tr>
          ))}
        </CardTable>
      </div>
    </AdminList>
  );
}

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

function LoanReview({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useAdminLoan(id);
  const { approve, reject } = useLoanDecision();
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    const key = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [onClose]);
  const failed = (e: unknown) => setMessage(refusalOf(e, t('common.failed')).text);
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
            <Signature id={id} />
            {l.status === 'pending_review' && (
              <div className={screens.form}>
                {l.firstApprovedBy && <p className={wallet.hint}>{t('admin.firstApproval', { id: l.firstApprovedBy })}</p>}
                <label className={screens.field}>
                  <span>{t('loan.admin.reason')}</span>
                  <input
                    maxLength={500}
                    value={reason}
                    onChange={(e) => setReason(e.target.value)}
                    data-testid="admin-loan-reason"
                  />
                </label>
                <div className={wallet.actions}>
                  <button
                    type="button"
                    className={wallet.danger}
                    disabled={!reason.trim() || reject.isPending}
                    onClick={() =>
                      reject.mutate(
                        { id, reason: reason.trim() },
                        { onSuccess: () => setMessage(t('loan.admin.rejected')), onError: failed },
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
                        onSuccess: (r) => setMessage(t(r.step === 'first' ? 'loan.admin.firstDone' : 'loan.admin.approved')),
                        onError: failed,
                      })
                    }
                    data-testid="admin-loan-approve"
                  >
                    {t('loan.admin.approve')}
                  </button>
                </div>
              </div>
            )}
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
