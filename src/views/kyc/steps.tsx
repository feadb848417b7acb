import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  countryOptions,
  KYC_DOCUMENT_TYPES,
  KYC_SEXES,
  parseBirthDate,
  requiredImages,
  type KycImageKind,
} from '../../contract/kycRules.ts';
import type { KycFormEvent, KycRequest, KycStep, KycTextField } from '../../machines/kyc/kycForm.ts';
import { typedByContent } from '../../services/wallet/index.ts';
import screens from '../platform/styles/screens.module.css';
import wallet from '../platform/styles/money.module.css';
import { BlobImage } from './images.tsx';
import { useLocaleTag } from './locale.ts';
import styles from './kyc.module.css';

type Send = (e: KycFormEvent) => void;
interface StepProps {
  form: KycRequest;
  invalid: string | null;
  send: Send;
}

function TextField({
  field,
  form,
  invalid,
  send,
  type = 'text',
  autoComplete,
  ltr,
}: StepProps & { field: KycTextField; type?: string; autoComplete?: string; ltr?: boolean }) {
  const { t } = useTranslation();
  return (
    <label className={screens.field}>
      <span>{t(`kyc.field.${field}`)}</span>
      <input
        type={type}
        name={field}
        value={form.values[field]}
        autoComplete={autoComplete}
        dir={ltr ? 'ltr' : undefined}
        aria-invalid={invalid === field}
        data-testid={`kyc-${field}`}
        onChange={(e) => send({ type: 'kyc.set', field, value: e.target.value })}
      />
    </label>
  );
}

export function PersonalStep(p: StepProps) {
  const { t } = useTranslation();
  const locale = useLocaleTag();
  const countries = useMemo(() => countryOptions(locale), [locale]);
  return (
    <>
      <div className={styles.pair}>
        <TextField {...p} field="firstName" autoComplete="given-name" />
        <TextField {...p} field="lastName" autoComplete="family-name" />
      </div>
      <div className={styles.pair}>
        <TextField {...p} field="birthDate" type="date" autoComplete="bday" />
        <fieldset className={styles.choices} aria-invalid={p.invalid === 'sex'}>
          <legend>{t('kyc.field.sex')}</legend>
          {KYC_SEXES.map((s) => (
            <label key={s} className={styles.choice}>
              <input
                type="radio"
                name="sex"
                value={s}
                checked={p.form.values.sex === s}
                onChange={() => p.send({ type: 'kyc.set', field: 'sex', value: s })}
                data-testid={`kyc-sex-${s}`}
              />
              {t(`kyc.sex.${s}`)}
            </label>
          ))}
        </fieldset>
      </div>
      <label className={screens.field}>
        <span>{t('kyc.field.country')}</span>
        <select
          name="country"
          value={p.form.values.country}
          aria-invalid={p.invalid === 'country'}
          data-testid="kyc-country"
          onChange={(e) => p.send({ type: 'kyc.set', field: 'country', value: e.target.value })}
        >
          <option value="">{t('kyc.choose')}</option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <TextField {...p} field="address" autoComplete="street-address" />
      <TextField {...p} field="phone" type="tel" autoComplete="tel" ltr />
    </>
  );
}

export function DocumentStep(p: StepProps) {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.choices} aria-invalid={p.invalid === 'documentType'}>
      <legend>{t('kyc.field.documentType')}</legend>
      {KYC_DOCUMENT_TYPES.map((d) => (
        <label key={d} className={styles.choice}>
          <input
            type="radio"
            name="documentType"
            value={d}
            checked={p.form.values.documentType === d}
            onChange={() => p.send({ type: 'kyc.set', field: 'documentType', value: d })}
            data-testid={`kyc-doc-${d}`}
          />
          {t(`kyc.doc.${d}`)}
        </label>
      ))}
    </fieldset>
  );
}

function PhotoField({ kind, form, invalid, send }: StepProps & { kind: KycImageKind }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const file = form.images[kind] as Blob | undefined;
  return (
    <div className={styles.photo} data-invalid={invalid === kind} data-testid={`kyc-photo-${kind}`}>
      <strong id={`kyc-photo-${kind}`}>{t(`kyc.image.${kind}`)}</strong>
      {file ? (
        <BlobImage blob={file} alt={t(`kyc.image.${kind}`)} testId={`kyc-preview-${kind}`} />
      ) : (
        <div className={styles.placeholder}>{t(`kyc.imageHint.${kind}`)}</div>
      )}
      <input
        ref={input}
        className={styles.fileInput}
        type="file"
        accept="image/jpeg,image/png,image/jp2"
        tabIndex={-1}
        aria-labelledby={`kyc-photo-${kind}`}
        data-testid={`kyc-file-${kind}`}
        onChange={(e) => {
          // typed by its bytes, not its name: the form refuses (10039, beside the photo) what the service would
          const picked = e.target.files?.[0] ?? null;
          if (!picked) send({ type: 'kyc.image', kind, image: null });
          else void typedByContent(picked).then((image) => send({ type: 'kyc.image', kind, image }));
        }}
      />
      <button
        type="button"
        className={wallet.secondary}
        onClick={() => input.current?.click()}
        aria-describedby={`kyc-photo-${kind}`}
      >
        {t(file ? 'kyc.replace' : 'kyc.pick')}
      </button>
    </div>
  );
}

export function PhotosStep(p: StepProps) {
  const { t } = useTranslation();
  const kinds = p.form.values.documentType ? requiredImages(p.form.values.documentType).filter((k) => k !== 'signature') : [];
  return (
    <>
      <p className={screens.muted}>{t('kyc.photoRules')}</p>
      <div className={styles.photos}>
        {kinds.map((k) => (
          <PhotoField key={k} {...p} kind={k} />
        ))}
      </div>
    </>
  );
}

function Thumb({ blob, label }: { blob: Blob | undefined; label: string }) {
  return (
    <figure>
      {blob && <BlobImage blob={blob} alt={label} />}
      <figcaption>{label}</figcaption>
    </figure>
  );
}

/** Everything typed and picked, by step, each with its way back to change it. */
export function ReviewStep({ form, send }: StepProps) {
  const { t } = useTranslation();
  const locale = useLocaleTag();
  const v = form.values;
  const countryName = useMemo(
    () => new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }).of(v.country) ?? v.country,
    [locale, v.country],
  );
  const edit = (step: Exclude<KycStep, 'review'>) => (
    <button
      type="button"
      className={wallet.secondary}
      onClick={() => send({ type: 'kyc.edit', step })}
      data-testid={`kyc-edit-${step}`}
    >
      {t('kyc.edit')}
    </button>
  );
  const kinds = v.documentType ? requiredImages(v.documentType) : [];
  return (
    <div className={styles.summary} data-testid="kyc-review">
      <section>
        <div className={styles.summaryHead}>
          <h3>{t('kyc.steps.personal')}</h3>
          {edit('personal')}
        </div>
        <dl className={screens.kv}>
          <div>
            <dt>{t('kyc.field.firstName')}</dt>
            <dd>{v.firstName}</dd>
          </div>
          <div>
            <dt>{t('kyc.field.lastName')}</dt>
            <dd>{v.lastName}</dd>
          </div>
          <div>
            <dt>{t('kyc.field.birthDate')}</dt>
            <dd>
              {parseBirthDate(v.birthDate) &&
                new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
                  new Date(`${v.birthDate}T00:00:00Z`),
                )}
            </dd>
          </div>
          <div>
            <dt>{t('kyc.field.sex')}</dt>
            <dd>{v.sex && t(`kyc.sex.${v.sex}`)}</dd>
          </div>
          <div>
            <dt>{t('kyc.field.country')}</dt>
            <dd data-testid="kyc-review-country">{countryName}</dd>
          </div>
          <div>
            <dt>{t('kyc.field.address')}</dt>
            <dd>{v.address}</dd>
          </div>
          <div>
            <dt>{t('kyc.field.phone')}</dt>
            <dd className={styles.ltr}>{v.phone}</dd>
          </div>
        </dl>
      </section>
      <section>
        <div className={styles.summaryHead}>
          <h3>{t('kyc.steps.document')}</h3>
          {edit('document')}
        </div>
        <p>{v.documentType && t(`kyc.doc.${v.documentType}`)}</p>
      </section>
      <section>
        <div className={styles.summaryHead}>
          <h3>{t('kyc.steps.photos')}</h3>
          {edit('photos')}
        </div>
        <div className={styles.thumbs}>
          {kinds.map((k) => (
            <Thumb key={k} blob={form.images[k] as Blob | undefined} label={t(`kyc.image.${k}`)} />
          ))}
        </div>
      </section>
    </div>
  );
}
