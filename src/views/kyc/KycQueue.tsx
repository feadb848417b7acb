import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KYC_SUBMISSION_STATUSES } from '../../contract/kyc.ts';
import { reviewQueueFlow, useReasonList } from '../../services/admin/index.ts';
import { useAdminKycDetail, useAdminKycQueue, type KycQueueFilter } from '../../services/kyc/queries.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import { StoredImage } from './images.tsx';
import { dateTime, useLocaleTag } from './locale.ts';
import wallet from '../platform/styles/money.module.css';
import screens from '../platform/styles/screens.module.css';
import { AdminList, CardTable, PAGE_SIZE, Who } from '../platform/operator/queue.tsx';
import { ReviewControls } from '../platform/operator/review.tsx';
import { ReasonsEditor } from '../platform/operator/ReasonsEditor.tsx';
import { QueueWorkBar, useQueueWork } from '../platform/operator/queueWork.tsx';
import styles from '../platform/operator/admin.module.css';
import own from './KycQueue.module.css';

type Filter = KycQueueFilter['status'];
const flow = reviewQueueFlow('kyc');

/** The panel's heading takes the focus when it opens from the keyboard (a stable callback ref: on mount only). */
const focusOnMount = (el: HTMLElement | null) => el?.focus();

/** One submission: the typed data beside the images, and the decision (approve / reject with a reason). */
function KycReview({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocaleTag();
  const detail = useAdminKycDetail(id);
  const k = detail.data;
  const country = k ? (new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }).of(k.country) ?? k.country) : '';
  return (
    <section className={screens.card} aria-labelledby="kyc-review-title" data-testid="kyc-review-panel" data-id={id}>
      <div className={screens.cardHead}>
        <h2 id="kyc-review-title" tabIndex={-1} ref={focusOnMount}>
          {t('kyc.admin.reviewTitle', { id })}
        </h2>
        <button type="button" className={wallet.secondary} onClick={onClose} data-testid="kyc-review-close">
          {t('admin.close')}
        </button>
      </div>
      <Loadable query={detail}>
        {k && (
          <div className={own.review}>
            <div className={own.decision}>
              {k.status === 'pending' && <ReviewControls kind="kyc" id={k.id} />}
              <dl className={screens.kv}>
                <div>
                  <dt>{t('admin.user')}</dt>
                  <dd>
                    <Who username={k.username} userId={k.userId} />
                  </dd>
                </div>
                <div>
                  <dt>{t('kyc.field.firstName')}</dt>
                  <dd data-testid="kyc-first-name">{k.firstName}</dd>
                </div>
                <div>
                  <dt>{t('kyc.field.lastName')}</dt>
                  <dd>{k.lastName}</dd>
                </div>
                <div>
                  <dt>{t('kyc.field.birthDate')}</dt>
                  <dd className="num">{k.birthDate}</dd>
                </div>
                <div>
                  <dt>{t('kyc.field.sex')}</dt>
                  <dd>{t(`kyc.sex.${k.sex}`)}</dd>
                </div>
                <div>
                  <dt>{t('kyc.field.country')}</dt>
                  <dd>
                    {country} ({k.country})
                  </dd>
                </div>
                <div>
                  <dt>{t('kyc.field.address')}</dt>
                  <dd>{k.address}</dd>
                </div>
                <div>
                  <dt>{t('kyc.field.phone')}</dt>
                  <dd dir="ltr">{k.phone}</dd>
                </div>
                <div>
                  <dt>{t('kyc.field.documentType')}</dt>
                  <dd>{t(`kyc.doc.${k.documentType}`)}</dd>
                </div>
                <div>
                  <dt>{t('admin.submitted')}</dt>
                  <dd>{dateTime(k.createdAt, locale)}</dd>
                </div>
                <div>
                  <dt>{t('kyc.admin.previous')}</dt>
                  <dd className="num">{k.previousRejections}</dd>
                </div>
                <div>
                  <dt>{t('account.statusLabel')}</dt>
                  <dd data-testid="kyc-review-status">{t(`account.kycStatus.${k.status}`)}</dd>
                </div>
                {k.rejectReason && (
                  <div>
                    <dt>{t('admin.reason')}</dt>
                    <dd data-testid="kyc-review-reason">{k.rejectReason}</dd>
                  </div>
                )}
                {k.internalNote && (
                  <div>
                    <dt>{t('kyc.admin.note')}</dt>
                    <dd data-testid="kyc-review-note">{k.internalNote}</dd>
                  </div>
                )}
              </dl>
            </div>
            <div className={own.images}>
              {k.images.map((img) => (
                <figure key={img.kind}>
                  <StoredImage url={img.url} alt={t(`kyc.image.${img.kind}`)} testId={`kyc-admin-image-${img.kind}`} />
                  <figcaption>{t(`kyc.image.${img.kind}`)}</figcaption>
                </figure>
              ))}
            </div>
          </div>
        )}
      </Loadable>
    </section>
  );
}

/**
 * Identity verifications to review: pending first, oldest first; approve / reject from the row
 * (buttons or keys: src/views/platform/operator/queueWork.tsx), or open one (P) to see its
 * documents whole and decide there. KYC has no bulk route: decided one by one.
 */
export function KycQueue() {
  const { t } = useTranslation();
  const locale = useLocaleTag();
  const [status, setStatus] = useState<Filter>('pending');
  const [page, setPage] = useState(1);
  const list = useAdminKycQueue({ status, page, pageSize: PAGE_SIZE });
  const rows = list.data?.rows ?? [];
  const work = useQueueWork(flow, rows, { proof: true, bulk: false });
  const reasons = useReasonList('kyc');
  const open = work.q.proof;
  return (
    <>
      <AdminList
        id="adm-kyc"
        testId="admin-kyc"
        title={t('kyc.admin.queue')}
        tools={
          <label className={styles.filter}>
            <span>{t('admin.filter')}</span>
            <select
              value={status}
              onChange={(e) => {
                setStatus(e.target.value as Filter);
                setPage(1);
              }}
              data-testid="kyc-status-filter"
            >
              {[...KYC_SUBMISSION_STATUSES, 'all' as const].map((s) => (
                <option key={s} value={s}>
                  {s === 'all' ? t('admin.status.all') : t(`account.kycStatus.${s}`)}
                </option>
              ))}
            </select>
          </label>
        }
        list={list}
        rows={rows}
        page={page}
        onPage={setPage}
        bar={
          <>
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
          >
            {rows.map((k) => (
              <tr
                key={k.id}
                {...work.rowProps(k.id)}
                data-testid="admin-kyc-row"
                data-id={k.id}
                data-user={k.username}
                data-status={k.status}
              >
                <td data-label={t('admin.user')}>
                  <Who username={k.username} userId={k.userId} />
                </td>
                <td data-label={t('kyc.admin.person')}>
                  {k.firstName} {k.lastName}
                </td>
                <td data-label={t('kyc.field.country')}>{k.country}</td>
                <td data-label={t('kyc.field.documentType')}>{t(`kyc.doc.${k.documentType}`)}</td>
                <td data-label={t('admin.submitted')}>{dateTime(k.createdAt, locale)}</td>
                <td data-label={t('account.statusLabel')}>
                  <span
                    className={wallet.status}
                    data-tone={k.status === 'pending' ? 'pending' : k.status === 'verified' ? 'good' : 'bad'}
                  >
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
                  {k.status === 'pending' && <ReviewControls kind="kyc" id={k.id} {...work.controls(k.id)} />}
                </td>
              </tr>
            ))}
          </CardTable>
        </div>
      </AdminList>
      {open && <KycReview key={open} id={open} onClose={() => work.send({ type: 'queue.close' })} />}
    </>
  );
}
