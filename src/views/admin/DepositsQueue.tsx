import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi, type AdminDeposit } from '../../services/adminApi.ts';
import { useResource } from '../app/hooks.ts';
import { Loadable } from '../components/Loadable.tsx';
import { Pager } from '../components/Pager.tsx';
import { formatDecimal } from '../components/Figures.tsx';
import { localTime, shorten, StatusBadge } from '../wallet/parts.tsx';
import { ProofViewer, ReviewControls } from './review.tsx';
import { PAGE_SIZE, StatusFilterSelect, Who, type StatusFilter } from './queue.tsx';
import screens from '../screens/screens.module.css';
import wallet from '../wallet/wallet.module.css';
import styles from './admin.module.css';

/** Deposits to review: pending first (the default filter), the proof image, approve / reject. */
export function DepositsQueue() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<StatusFilter>('pending');
  const [page, setPage] = useState(1);
  const [proof, setProof] = useState<string | null>(null);
  // rows reviewed on this screen keep their new status until the list is reloaded
  const [reviewed, setReviewed] = useState<Record<string, AdminDeposit>>({});
  const list = useResource(
    (p: { status: StatusFilter; page: number }, signal) =>
      adminApi.deposits({ pageNum: p.page, pageSize: PAGE_SIZE, ...(p.status === 'all' ? {} : { status: p.status }) }, signal),
    { status, page },
  );
  const rows = (list.data?.rows ?? []).map((r) => reviewed[r.id] ?? r);
  return (
    <section className={screens.card} aria-labelledby="adm-dep" data-testid="admin-deposits">
      <div className={screens.cardHead}>
        <h2 id="adm-dep">{t('admin.sections.deposits')}</h2>
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
                  <th>{t('admin.user')}</th><th>{t('admin.asset')}</th><th>{t('account.amount')}</th><th>{t('wallet.txHash')}</th>
                  <th>{t('admin.last6')}</th><th>{t('admin.submitted')}</th><th>{t('admin.proof')}</th><th>{t('account.statusLabel')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((d) => (
                  <tr key={d.id} data-testid="admin-deposit-row" data-id={d.id} data-user={d.username} data-status={d.status}>
                    <td data-label={t('admin.user')}><Who username={d.username} userId={d.userId} /></td>
                    <td data-label={t('admin.asset')}>{d.coin}<br /><span className={wallet.hint}>{d.network}</span></td>
                    <td data-label={t('account.amount')} className="num">{formatDecimal(d.amount)}</td>
                    <td data-label={t('wallet.txHash')} className={wallet.mono} title={d.txHash}>{shorten(d.txHash)}</td>
                    <td data-label={t('admin.last6')} className="num" data-testid="last6">{d.proofLast6}</td>
                    <td data-label={t('admin.submitted')} className="num">{localTime(d.createdAt)}</td>
                    <td data-label={t('admin.proof')}><button type="button" className={wallet.secondary} onClick={() => setProof(d.id)} data-testid="view-proof">{t('admin.viewProof')}</button></td>
                    <td data-label={t('account.statusLabel')}>
                      <StatusBadge kind="deposit" status={d.status} reason={d.rejectReason} />
                      {d.status === 'pending' && (
                        <ReviewControls<AdminDeposit> kind="deposit" id={d.id} onReviewed={(r) => setReviewed((m) => ({ ...m, [r.id]: r }))} />
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
      {proof && <ProofViewer id={proof} onClose={() => setProof(null)} />}
    </section>
  );
}
