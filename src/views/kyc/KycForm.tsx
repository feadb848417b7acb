import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keptDraft, KYC_STEPS, stepIndex, stepOf, type KycValues } from '../../machines/kyc/kycForm.ts';
import { useSession } from '../platform/app/hooks.ts';
import { kycFlow } from '../../services/kyc/flows.ts';
import { useFlow, useLatest, useRefusalText } from '../platform/app/useFlow.ts';
import { SignaturePad } from '../platform/components/SignaturePad.tsx';
import screens from '../platform/styles/screens.module.css';
import wallet from '../platform/styles/money.module.css';
import { useLocaleTag } from './locale.ts';
import { DocumentStep, PersonalStep, PhotosStep, ReviewStep } from './steps.tsx';
import styles from './kyc.module.css';

/**
 * The verification form as steps, driven by the kycForm flow: the view renders the step the
 * machine is in and sends what the user does. `onSubmitted` shows the status page; `update` sends
 * a verified person's changed data back to review.
 */
function readDraft(key: string): Partial<KycValues> | undefined {
  try {
    return keptDraft(JSON.parse(sessionStorage.getItem(key) ?? 'null'));
  } catch {
    return undefined;
  }
}

export function KycForm({ onSubmitted, update = false }: { onSubmitted: () => void; update?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocaleTag();
  const text = useRefusalText();
  const submitted = useLatest(onSubmitted);
  const { user } = useSession();
  // the typed texts survive a reload of this tab (sessionStorage, per user; images are not kept)
  const draftKey = `kycDraft:${user?.username ?? ''}`;
  const [draft] = useState(() => readDraft(draftKey));
  const [form, send] = useFlow(
    (client) =>
      kycFlow(
        client,
        () => {
          sessionStorage.removeItem(draftKey);
          submitted();
        },
        update,
      ),
    (s) => ({
      step: stepOf(s.value),
      values: s.context.values,
      images: s.context.images,
      problem: s.context.problem,
      refusal: s.matches('failed') ? s.context.refusal : null,
      busy: s.hasTag('busy'),
      progress: s.context.progress,
    }),
    { draft },
  );
  useEffect(() => {
    if (form.step !== 'done') sessionStorage.setItem(draftKey, JSON.stringify(form.values));
  }, [draftKey, form.values, form.step]);
  if (form.step === 'done') return null;
  const current = stepIndex(form.step);
  const request = { values: form.values, images: form.images };
  const step = { form: request, invalid: form.problem?.field ?? null, send };
  const percent = new Intl.NumberFormat(locale, { style: 'percent' }).format(form.progress);
  return (
    <section
      className={screens.card}
      aria-labelledby="kyc-step-title"
      data-testid="kyc-form"
      data-step={form.step}
      data-update={update}
    >
      {update && (
        <p className={wallet.hint} data-testid="kyc-update-note">
          {t('kyc.status.updateNote')}
        </p>
      )}
      <ol className={styles.steps} aria-label={t('kyc.title')}>
        {KYC_STEPS.map((s, i) => (
          <li key={s} aria-current={s === form.step ? 'step' : undefined} data-done={i < current}>
            <span className={styles.stepName}>{t(`kyc.steps.${s}`)}</span>
          </li>
        ))}
      </ol>
      <form
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: form.step === 'review' ? 'kyc.submit' : 'kyc.next' });
        }}
      >
        <h2 id="kyc-step-title">
          {t(`kyc.steps.${form.step}`)}{' '}
          <small className={wallet.hint}>{t('kyc.stepOf', { n: current + 1, total: KYC_STEPS.length })}</small>
        </h2>
        {form.step === 'personal' && <PersonalStep {...step} />}
        {form.step === 'document' && <DocumentStep {...step} />}
        {form.step === 'photos' && <PhotosStep {...step} />}
        {form.step === 'signature' && (
          <SignaturePad
            invalid={step.invalid === 'signature'}
            signed={!!form.images.signature}
            onChange={(png) => send({ type: 'kyc.image', kind: 'signature', image: png })}
            label={t('kyc.signatureArea')}
            hint={t('kyc.signatureHint')}
            clearLabel={t('kyc.clear')}
            testId="kyc-signature-pad"
            clearTestId="kyc-signature-clear"
          />
        )}
        {form.step === 'review' && <ReviewStep {...step} />}
        {form.problem && (
          <p className={screens.formError} role="alert" data-testid="kyc-problem" data-field={form.problem.field}>
            {text(form.problem.refusal)}
          </p>
        )}
        {form.refusal && (
          <p className={screens.formError} role="alert" data-testid="kyc-error" data-code={form.refusal.code ?? ''}>
            {text(form.refusal)}
          </p>
        )}
        {form.busy && (
          <div className={styles.progress} data-testid="kyc-progress">
            <span>{t('kyc.uploading', { percent })}</span>
            <progress value={form.progress} max={1} aria-label={t('kyc.uploading', { percent })} />
          </div>
        )}
        <div className={styles.actions}>
          {current > 0 ? (
            <button
              type="button"
              className={wallet.secondary}
              disabled={form.busy}
              onClick={() => send({ type: 'kyc.back' })}
              data-testid="kyc-back"
            >
              {t('kyc.back')}
            </button>
          ) : (
            <span />
          )}
          <button
            type="submit"
            className={screens.submit}
            disabled={form.busy}
            data-testid={form.step === 'review' ? 'kyc-submit' : 'kyc-next'}
          >
            {t(form.step === 'review' ? 'kyc.submit' : 'kyc.next')}
          </button>
        </div>
      </form>
    </section>
  );
}
