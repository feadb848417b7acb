import { useTranslation } from 'react-i18next';
import { reviewQueueFlow, useAdminDeposits, useReasonList, type AdminDeposit } from '../../services/admin/index.ts';
import { formatMoney } from '../platform/components/Figures.tsx';
import { localTime, shorten, StatusBadge } from '../platform/components/recordParts.tsx';
import { ProofViewer, ReviewControls } from '../platform/operator/review.tsx';
import { AdminList, StatusFilterSelect, useReviewQueue } from '../platform/operator/queue.tsx';
import { FirstApproval, SelectCell, WhoCell } from '../platform/operator/rows.tsx';
import { QueueFilters } from '../platform/operator/QueueFilters.tsx';
import { QueueWorkBar, SelectHead, useQueueWork, type QueueWork } from '../platform/operator/queueWork.tsx';
import { ReasonsEditor } from '../platform/operator/ReasonsEditor.tsx';
import screens from '../platform/styles/screens.module.css';
import wallet from '../platform/styles/money.module.css';
import styles from '../platform/operator/admin.module.css';

const flow = reviewQueueFlow('deposits');

/**
 * Deposits to review: pending first (the default filter), the other filters, the proof image,
 * approve / reject one by one (buttons or keys), several rejected together with one reason.
 */
export function DepositsQueue() {
  const { t } = useTranslation();
  const q = useReviewQueue(useAdminDeposits);
  const rows = q.rows;
  const work = useQueueWork(flow, rows, { proof: true, bulk: true });
  const reasons = useReasonList('deposits');
  const proof = work.q.proof;
  return (
    <AdminList
      id="adm-dep"
      testId="admin-deposits"
      title={t('admin.sections.deposits')}
      tools={<StatusFilterSelect value={q.status} onChange={q.setStatus} />}
      list={q.list}
      rows={rows}
      page={q.page}
      onPage={q.setPage}
      bar={
        <>
          <QueueFilters onApply={q.setFilters} testId="deposit-filters" />
          <ReasonsEditor queue="deposits" list={reasons} />
          <QueueWorkBar work={work} queue="deposits" reasons={reasons.reasons.data?.rows} />
        </>
      }
      after={proof && <ProofViewer id={proof} onClose={() => work.send({ type: 'queue.close' })} />}
    >
      <div id={work.tableId}>
        <table className={`${screens.dataTable} ${styles.wide} ${styles.cards}`}>
          <thead>
            <tr>
              <SelectHead />
              <th>{t('admin.user')}</th>
              <th>{t('admin.asset')}</th>
              <th>{t('account.amount')}</th>
              <th>{t('wallet.txHash')}</th>
              <th>{t('admin.last6')}</th>
              <th>{t('admin.submitted')}</th>
              <th>{t('admin.proof')}</th>
              <th>{t('account.statusLabel')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <DepositRow key={d.id} d={d} work={work} />
            ))}
          </tbody>
        </table>
      </div>
    </AdminList>
  );
}

/** One deposit: its checkbox, the claim and its proof, the status and the review buttons. */
function DepositRow({ d, work }: { d: AdminDeposit; work: QueueWork }) {
  const { t } = useTranslation();
  const pending = d.status === 'pending';
  return (
    <tr {...work.rowProps(d.id)} data-testid="admin-deposit-row" data-id={d.id} data-user={d.username} data-status={d.status}>
      <SelectCell work={work} id={d.id} pending={pending} />
      <WhoCell username={d.username} userId={d.userId} />
      <td data-label={t('admin.asset')}>
        {d.coin}
        <br />
        <span className={wallet.hint}>{d.network}</span>
      </td>
      <td data-label={t('account.amount')} className="num">
        {formatMoney(d.amount, d.coin, { full: true })}
      </td>
      <td data-label={t('wallet.txHash')} className={wallet.mono} title={d.txHash}>
        {shorten(d.txHash)}
      </td>
      <td data-label={t('admin.last6')} className="num" data-testid="last6">
        {d.proofLast6}
      </td>
      <td data-label={t('admin.submitted')} className="num">
        {localTime(d.createdAt)}
      </td>
      <td data-label={t('admin.proof')}>
        <button
          type="button"
          className={wallet.secondary}
          onClick={() => work.send({ type: 'queue.proof', id: d.id })}
          data-testid="view-proof"
        >
          {t('admin.viewProof')}
        </button>
      </td>
      <td data-label={t('account.statusLabel')}>
        <StatusBadge kind="deposit" status={d.status} reason={d.rejectReason} />
        {pending && <FirstApproval by={d.firstApprovedBy} />}
        {pending && (
          <ReviewControls
            kind="deposit"
            id={d.id}
            subject={{ customer: d.username, amount: formatMoney(d.amount, d.coin, { full: true }), coin: d.coin }}
            {...work.controls(d.id)}
          />
        )}
      </td>
    </tr>
  );
}
