import { useTranslation } from 'react-i18next';
import { COLLATERAL_ASSETS, LOAN_STATUSES, type AdminLoan } from '../../contract/loans.ts';
import { reviewQueueFlow, useReasonList } from '../../services/admin/index.ts';
import { useAdminLoans } from '../../services/loans/queries.ts';
import { formatDecimal, formatMoney } from '../platform/components/Figures.tsx';
import { localTime } from '../platform/components/recordParts.tsx';
import { AdminList, CardTable, StatusFilterSelect, useReviewQueue } from '../platform/operator/queue.tsx';
import { QueueFilters } from '../platform/operator/QueueFilters.tsx';
import { QueueWorkBar, useQueueWork, type QueueWork } from '../platform/operator/queueWork.tsx';
import { ReasonsEditor } from '../platform/operator/ReasonsEditor.tsx';
import { ReviewControls } from '../platform/operator/review.tsx';
import { FirstApproval, SelectCell, WhoCell } from '../platform/operator/rows.tsx';
import wallet from '../platform/styles/money.module.css';
import { LoanReview } from './LoanReview.tsx';

const flow = reviewQueueFlow('loans');
const underReview = (l: { status: string }) => l.status === 'pending_review';
const STATUSES = [...LOAN_STATUSES, 'all' as const];

/**
 * Loans to review (console section "Loans"): the queue (under review, oldest first, by default),
 * filtered by customer, collateral coin, amount and age, sorted by age or amount, paged by
 * cursor; a loan's detail with the signature, the agreement version and the borrower's
 * verification; approve (four eyes: the first approval is recorded, a second operator pays out)
 * or reject with a reason the borrower sees, from the row (buttons or keys:
 * src/views/platform/operator/queueWork.tsx, P opens the detail) or from the detail; several
 * rejected together with one reason (approvals stay one by one). Every decision is audited by the service.
 */
export function LoansQueue() {
  const { t } = useTranslation();
  const q = useReviewQueue(useAdminLoans, 'pending_review');
  const rows = q.rows;
  const work = useQueueWork(flow, rows, { proof: true, bulk: true, waiting: underReview });
  const reasons = useReasonList('loans');
  const open = work.q.proof;
  const close = () => work.send({ type: 'queue.close' });
  return (
    <AdminList
      id="adm-loans"
      testId="admin-loans"
      title={t('admin.sections.loans')}
      tools={
        <StatusFilterSelect
          value={q.status}
          onChange={q.setStatus}
          options={STATUSES}
          label={(s) => (s === 'all' ? t('loan.admin.all') : t(`loan.status.${s}`))}
          testId="loan-status-filter"
        />
      }
      list={q.list}
      rows={rows}
      page={q.page}
      onPage={q.setPage}
      bar={
        <>
          <QueueFilters
            onApply={q.setFilters}
            testId="loan-filters"
            fields={['userId', 'coin', 'amount', 'age', 'sort']}
            coins={COLLATERAL_ASSETS}
          />
          <ReasonsEditor queue="loans" list={reasons} />
          <QueueWorkBar work={work} queue="loans" reasons={reasons.reasons.data?.rows} />
        </>
      }
      after={open && <LoanReview key={open} id={open} onClose={close} />}
    >
      <div id={work.tableId}>
        <CardTable
          selectable
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
            <LoanRow key={l.id} l={l} work={work} />
          ))}
        </CardTable>
      </div>
    </AdminList>
  );
}

/** One loan: its checkbox, the borrower, amount, collateral, term and LTV, the status with the review buttons, Open. */
function LoanRow({ l, work }: { l: AdminLoan; work: QueueWork }) {
  const { t } = useTranslation();
  const waiting = underReview(l);
  return (
    <tr {...work.rowProps(l.id)} data-testid="admin-loan-row" data-id={l.id} data-user={l.username} data-status={l.status}>
      <SelectCell work={work} id={l.id} pending={waiting} />
      <WhoCell username={l.username} userId={l.userId} />
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
        {waiting && <FirstApproval by={l.firstApprovedBy} testId="loan-first-approval" />}
        {waiting && <ReviewControls kind="loan" id={l.id} {...work.controls(l.id)} />}
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
  );
}
