import { useTranslation } from 'react-i18next';
import { reviewQueueFlow, useAdminWithdrawals, useReasonList, type AdminWithdrawal } from '../../services/admin/index.ts';
import { formatMoney } from '../platform/components/Figures.tsx';
import { localTime, shorten, StatusBadge } from '../platform/components/recordParts.tsx';
import { PayoutOnChain } from './PayoutOnChain.tsx';
import { ReviewControls } from '../platform/operator/review.tsx';
import { AdminList, StatusFilterSelect, useReviewQueue } from '../platform/operator/queue.tsx';
import { FirstApproval, SelectCell, WhoCell } from '../platform/operator/rows.tsx';
import { QueueFilters } from '../platform/operator/QueueFilters.tsx';
import { QueueWorkBar, SelectHead, useQueueWork, type QueueWork } from '../platform/operator/queueWork.tsx';
import { ReasonsEditor } from '../platform/operator/ReasonsEditor.tsx';
import screens from '../platform/styles/screens.module.css';
import wallet from '../platform/styles/money.module.css';
import styles from '../platform/operator/admin.module.css';

const flow = reviewQueueFlow('withdrawals');

/**
 * Withdrawals to review: the filters, approve with the payout transaction hash or reject with a
 * reason (buttons or keys), several rejected together with one reason.
 */
export function WithdrawalsQueue() {
  const { t } = useTranslation();
  const q = useReviewQueue(useAdminWithdrawals);
  const rows = q.rows;
  const work = useQueueWork(flow, rows, { proof: false, bulk: true });
  const reasons = useReasonList('withdrawals');
  return (
    <AdminList
      id="adm-wd"
      testId="admin-withdrawals"
      title={t('admin.sections.withdrawals')}
      tools={<StatusFilterSelect value={q.status} onChange={q.setStatus} />}
      list={q.list}
      rows={rows}
      page={q.page}
      onPage={q.setPage}
      bar={
        <>
          <QueueFilters onApply={q.setFilters} testId="withdrawal-filters" />
          <ReasonsEditor queue="withdrawals" list={reasons} />
          <QueueWorkBar work={work} queue="withdrawals" reasons={reasons.reasons.data?.rows} />
        </>
      }
    >
      <div id={work.tableId}>
        <table className={`${screens.dataTable} ${styles.wide} ${styles.cards}`}>
          <thead>
            <tr>
              <SelectHead />
              <th>{t('admin.user')}</th>
              <th>{t('admin.method')}</th>
              <th>{t('wallet.address')}</th>
              <th>{t('account.amount')}</th>
              <th>{t('admin.fee')}</th>
              <th>{t('wallet.receive')}</th>
              <th>{t('admin.submitted')}</th>
              <th>{t('account.statusLabel')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((w) => (
              <WithdrawalRow key={w.id} w={w} work={work} />
            ))}
          </tbody>
        </table>
      </div>
    </AdminList>
  );
}

/** One withdrawal: its checkbox, where it goes and what it costs, the status and the review buttons. */
function WithdrawalRow({ w, work }: { w: AdminWithdrawal; work: QueueWork }) {
  const { t } = useTranslation();
  const pending = w.status === 'pending';
  return (
    <tr {...work.rowProps(w.id)} data-testid="admin-withdrawal-row" data-id={w.id} data-user={w.username} data-status={w.status}>
      <SelectCell work={work} id={w.id} pending={pending} />
      <WhoCell username={w.username} userId={w.userId} />
      <td data-label={t('admin.method')}>
        {w.coin}
        <br />
        <span className={wallet.hint}>{w.network}</span>
      </td>
      <td data-label={t('wallet.address')} className={wallet.mono} title={w.address}>
        {shorten(w.address)}
      </td>
      <td data-label={t('account.amount')} className="num">
        {formatMoney(w.amount, w.coin, { full: true })}
      </td>
      <td data-label={t('admin.fee')} className="num">
        {formatMoney(w.fee, w.coin, { full: true })}
      </td>
      <td data-label={t('wallet.receive')} className="num" data-testid="receive">
        {formatMoney(w.receiveAmount, w.coin, { full: true })}
      </td>
      <td data-label={t('admin.submitted')} className="num">
        {localTime(w.createdAt)}
      </td>
      <td data-label={t('account.statusLabel')}>
        <StatusBadge kind="withdrawal" status={w.status} reason={w.rejectReason} />
        <PayoutOnChain w={w} />
        {pending && <FirstApproval by={w.firstApprovedBy} />}
        {pending && (
          <ReviewControls
            kind="withdrawal"
            id={w.id}
            subject={{ customer: w.username, amount: formatMoney(w.amount, w.coin, { full: true }), coin: w.coin }}
            paidByPlatform={w.paidByPlatform}
            {...work.controls(w.id)}
          />
        )}
      </td>
    </tr>
  );
}
