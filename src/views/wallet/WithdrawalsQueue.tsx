import { useTranslation } from 'react-i18next';
import { useAdminWithdrawals } from '../../services/admin/index.ts';
import { formatMoney } from '../platform/components/Figures.tsx';
import { localTime, shorten, StatusBadge } from '../platform/components/recordParts.tsx';
import { PayoutOnChain } from './PayoutOnChain.tsx';
import { ReviewControls } from '../platform/operator/review.tsx';
import { AdminList, StatusFilterSelect, useReviewQueue, Who } from '../platform/operator/queue.tsx';
import screens from '../platform/styles/screens.module.css';
import wallet from '../platform/styles/money.module.css';
import styles from '../platform/operator/admin.module.css';

/** Withdrawals to review: approve with the payout transaction hash, or reject with a reason. */
export function WithdrawalsQueue() {
  const { t } = useTranslation();
  const q = useReviewQueue(useAdminWithdrawals);
  const rows = q.rows;
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
    >
      <table className={`${screens.dataTable} ${styles.wide} ${styles.cards}`}>
        <thead>
          <tr>
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
            <tr key={w.id} data-testid="admin-withdrawal-row" data-id={w.id} data-user={w.username} data-status={w.status}>
              <td data-label={t('admin.user')}>
                <Who username={w.username} userId={w.userId} />
              </td>
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
                {w.status === 'pending' && w.firstApprovedBy && (
                  <span className={`${wallet.hint} ${wallet.block}`} data-testid="first-approval">
                    {t('admin.firstApproval', { id: w.firstApprovedBy })}
                  </span>
                )}
                {w.status === 'pending' && (
                  <ReviewControls
                    kind="withdrawal"
                    id={w.id}
                    subject={{ customer: w.username, amount: formatMoney(w.amount, w.coin, { full: true }), coin: w.coin }}
                    paidByPlatform={w.paidByPlatform}
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </AdminList>
  );
}
