import { useTranslation } from 'react-i18next';
import { KYC_SUBMISSION_STATUSES } from '../../contract/kyc.ts';
import { reviewQueueFlow, useReasonList } from '../../services/admin/index.ts';
import type { AdminKyc } from '../../contract/kyc.ts';
import { useAdminKycQueue } from '../../services/kyc/queries.ts';
import { dateTime, useLocaleTag } from './locale.ts';
import wallet from '../platform/styles/money.module.css';
import { AdminList, CardTable, StatusFilterSelect, useReviewQueue } from '../platform/operator/queue.tsx';
import { QueueFilters } from '../platform/operator/QueueFilters.tsx';
import { ReviewControls } from '../platform/operator/review.tsx';
import { ReasonsEditor } from '../platform/operator/ReasonsEditor.tsx';
import { QueueWorkBar, useQueueWork, type QueueWork } from '../platform/operator/queueWork.tsx';
import { SelectCell, WhoCell } from '../platform/operator/rows.tsx';
import styles from '../platform/operator/admin.module.css';
import { KycReview } from './KycReview.tsx';

const flow = reviewQueueFlow('kyc');
const STATUSES = [...KYC_SUBMISSION_STATUSES, 'all' as const];

/**
 * Identity verifications to review: pending first, oldest first, filtered by customer and age,
 * paged by cursor; approve / reject from the row (buttons or keys: src/views/platform/operator/queueWork.tsx),
 * or open one (P) to see its documents whole and decide there; several rejected together with
 * one reason (approvals stay one by one).
 */
export function KycQueue() {
  const { t } = useTranslation();
  const q = useReviewQueue(useAdminKycQueue, 'pending');
  const rows = q.rows;
  const work = useQueueWork(flow, rows, { proof: true, bulk: true });
  const reasons = useReasonList('kyc');
  const open = work.q.proof;
  return (
    <>
      <AdminList
        id="adm-kyc"
        testId="admin-kyc"
        title={t('kyc.admin.queue')}
        tools={
          <StatusFilterSelect
            value={q.status}
            onChange={q.setStatus}
            options={STATUSES}
            label={(s) => (s === 'all' ? t('admin.status.all') : t(`account.kycStatus.${s}`))}
            testId="kyc-status-filter"
          />
        }
        list={q.list}
        rows={rows}
        page={q.page}
        onPage={q.setPage}
        bar={
          <>
            <QueueFilters onApply={q.setFilters} testId="kyc-filters" fields={['userId', 'age']} />
            <ReasonsEditor queue="kyc" list={reasons} />
            <QueueWorkBar work={work} queue="kyc" reasons={reasons.reasons.data?.rows} />
          </>
        }
      >
        <div id={work.tableId}>
          <CardTable
            columns={[
              t('admin.user'),
              t('kyc.admin.person'),
              t('kyc.field.country'),
              t('kyc.field.documentType'),
              t('admin.submitted'),
              t('account.statusLabel'),
            ]}
            selectable
          >
            {rows.map((k) => (
              <KycRow key={k.id} k={k} work={work} />
            ))}
          </CardTable>
        </div>
      </AdminList>
      {open && <KycReview key={open} id={open} onClose={() => work.send({ type: 'queue.close' })} />}
    </>
  );
}

/** One submission: its checkbox, the person and the document, the status, Open and the review buttons. */
function KycRow({ k, work }: { k: AdminKyc; work: QueueWork }) {
  const { t } = useTranslation();
  const locale = useLocaleTag();
  const pending = k.status === 'pending';
  return (
    <tr {...work.rowProps(k.id)} data-testid="admin-kyc-row" data-id={k.id} data-user={k.username} data-status={k.status}>
      <SelectCell work={work} id={k.id} pending={pending} />
      <WhoCell username={k.username} userId={k.userId} />
      <td data-label={t('kyc.admin.person')}>
        {k.firstName} {k.lastName}
      </td>
      <td data-label={t('kyc.field.country')}>{k.country}</td>
      <td data-label={t('kyc.field.documentType')}>{t(`kyc.doc.${k.documentType}`)}</td>
      <td data-label={t('admin.submitted')}>{dateTime(k.createdAt, locale)}</td>
      <td data-label={t('account.statusLabel')}>
        <span className={wallet.status} data-tone={pending ? 'pending' : k.status === 'verified' ? 'good' : 'bad'}>
          {t(`account.kycStatus.${k.status}`)}
        </span>
        <div className={styles.rowActions}>
          <button
            type="button"
            className={wallet.secondary}
            onClick={() => work.send({ type: 'queue.proof', id: k.id })}
            data-testid="kyc-open"
          >
            {t('kyc.admin.open')}
          </button>
        </div>
        {pending && <ReviewControls kind="kyc" id={k.id} {...work.controls(k.id)} />}
      </td>
    </tr>
  );
}
