import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi, type AdminWithdrawal } from '../../services/adminApi.ts';
import { useResource } from '../app/hooks.ts';
import { Loadable } from '../components/Loadable.tsx';
import { Pager } from '../components/Pager.tsx';
import { formatDecimal } from '../components/Figures.tsx';
import { localTime, shorten, StatusBadge } from '../wallet/parts.tsx';
import { ReviewControls } from './review.tsx';
import { PAGE_SIZE, StatusFilterSelect, Who, type StatusFilter } from './queue.tsx';
import screens from '../screens/screens.module.css';
import wallet from '../wallet/wallet.module.css';
import styles from './admin.module.css';

/** Withdrawals to review: approve with the payout transaction hash, or reject with a reason. */
export function WithdrawalsQueue() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<StatusFilter>('pending');
  const [page, setPage] = useState(1);
  const [reviewed, setReviewed] = useState<Record<string, AdminWithdrawal>>({});
  const list = useResource(
    (p: { status: StatusFilter; page: number }, signal) =>
      adminApi.withdrawals({ pageNum: p.page, pageSize: PAGE_SIZE, ...(p.status === 'all' ? {} : { status: p.status }) }, signal),
    { status, page },
  );
  const rows = (list.data?.rows ?? []).map((r) => reviewed[r.id] ?? r);
  return (
    <section className={screens.card} aria-labelledby="adm-wd" data-testid="admin-withdrawals">
      <div className={screens.cardHead}>
        <h2 id="adm-wd">{t('admin.sections.withdrawals')}</h2>
        <div className={screens.toolbar}>
          <StatusFilterSelect value={status} onChange={(v) => { setStatus(v); setPage(1); }} />
          <button type="button" className={wallet.secondary} onClick={list.reload} data-testid="reload">{t('admin.reload')}</button>
        </div>
      </div>
      <Loadable loading={list.loading && !list.data} failed={list.failed} reload={list.reload}>
        {rows.length === 0 ? (
          <p className={screens.muted} data-testid="empty">{t('admin.empty')}</p>
        ) : (
          <div className={wallet.tableWrap}>
            <table className={`${screens.dataTable} ${styles.wide} ${styles.cards}`}>
              <thead>
                <tr>
                  <th>{t('admin.user')}</th><th>{t('admin.method')}</th><th>{t('wallet.address')}</th><th>{t('account.amount')}</th>
                  <th>{t('admin.fee')}</th><th>{t('wallet.receive')}</th><th>{t('admin.submitted')}</th><th>{t('account.statusLabel')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((w) => (
                  <tr key={w.id} data-testid="admin-withdrawal-row" data-id={w.id} data-user={w.username} data-status={w.status}>
                    <td data-label={t('admin.user')}><Who username={w.username} userId={w.userId} /></td>
                    <td data-label={t('admin.method')}>{w.coin}<br /><span className={wallet.hint}>{w.network}</span></td>
                    <td data-label={t('wallet.address')} className={wallet.mono} title={w.address}>{shorten(w.address)}</td>
                    <td data-label={t('account.amount')} className="num">{formatDecimal(w.amount)}</td>
                    <td data-label={t('admin.fee')} className="num">{formatDecimal(w.fee)}</td>
                    <td data-label={t('wallet.receive')} className="num" data-testid="receive">{formatDecimal(w.receiveAmount)}</td>
                    <td data-label={t('admin.submitted')} className="num">{localTime(w.createdAt)}</td>
                    <td data-label={t('account.statusLabel')}>
                      <StatusBadge kind="withdrawal" status={w.status} reason={w.rejectReason} />
                      {w.payoutTxHash && <span className={`${wallet.hint} ${wallet.mono}`} style={{ display: 'block' }} title={w.payoutTxHash}>{shorten(w.payoutTxHash, 6)}</span>}
                      {w.status === 'pending' && (
                        <ReviewControls<AdminWithdrawal> kind="withdrawal" id={w.id} onReviewed={(r) => setReviewed((m) => ({ ...m, [r.id]: r }))} />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager page={page} total={list.data?.total ?? 0} size={PAGE_SIZE} onPage={setPage} />
      </Loadable>
    </section>
  );
}
