import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminDeposits } from '../../services/admin/index.ts';
import { formatMoney } from '../platform/components/Figures.tsx';
import { localTime, shorten, StatusBadge } from '../platform/components/recordParts.tsx';
import { ProofViewer, ReviewControls } from '../platform/operator/review.tsx';
import { AdminList, StatusFilterSelect, useReviewQueue, Who } from '../platform/operator/queue.tsx';
import screens from '../platform/styles/screens.module.css';
import wallet from '../platform/styles/money.module.css';
import styles from '../platform/operator/admin.module.css';

/** Deposits to review: pending first (the default filter), the proof image, approve / reject. */
export function DepositsQueue() {
  const { t } = useTranslation();
  const q = useReviewQueue(useAdminDeposits);
  const [proof, setProof] = useState<string | null>(null);
  const rows = q.rows;
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
      after={proof && <ProofViewer id={proof} onClose={() => setProof(null)} />}
    >
      <table className={`${screens.dataTable} ${styles.wide} ${styles.cards}`}>
        <thead>
          <tr>
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
            <tr key={d.id} data-testid="admin-deposit-row" data-id={d.id} data-user={d.username} data-status={d.status}>
              <td data-label={t('admin.user')}>
                <Who username={d.username} userId={d.userId} />
              </td>
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
                <button type="button" className={wallet.secondary} onClick={() => setProof(d.id)} data-testid="view-proof">
                  {t('admin.viewProof')}
                </button>
              </td>
              <td data-label={t('account.statusLabel')}>
                <StatusBadge kind="deposit" status={d.status} reason={d.rejectReason} />
                {d.status === 'pending' && d.firstApprovedBy && (
                  <span className={`${wallet.hint} ${wallet.block}`} data-testid="first-approval">
                    {t('admin.firstApproval', { id: d.firstApprovedBy })}
                  </span>
                )}
                {d.status === 'pending' && (
                  <ReviewControls
                    kind="deposit"
                    id={d.id}
                    subject={{ customer: d.username, amount: formatMoney(d.amount, d.coin, { full: true }), coin: d.coin }}
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
