import { useTranslation } from 'react-i18next';
import type { AdminKyc } from '../../contract/kyc.ts';
import { useAdminKycDetail } from '../../services/kyc/queries.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import { StoredImage } from './images.tsx';
import { dateTime, useLocaleTag } from './locale.ts';
import wallet from '../platform/styles/money.module.css';
import screens from '../platform/styles/screens.module.css';
import { Who } from '../platform/operator/queue.tsx';
import { ReviewControls } from '../platform/operator/review.tsx';
import own from './KycQueue.module.css';

/** The panel's heading takes the focus when it opens from the keyboard (a stable callback ref: on mount only). */
const focusOnMount = (el: HTMLElement | null) => el?.focus();

/** One submission: the typed data beside the images, and the decision (approve / reject with a reason). */
export function KycReview({ id, onClose }: { id: string; onClose: () => void }) {
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
              <KycFacts k={k} country={country} />
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

/** The typed data of a submission, its status, and the reason and internal note once rejected. */
function KycFacts({ k, country }: { k: AdminKyc; country: string }) {
  const { t } = useTranslation();
  const locale = useLocaleTag();
  return (
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
  );
}
