import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PHRASE_MAX } from '../../contract/twoFactorRules.ts';
import { submissionView } from '../../machines/platform/submission.ts';
import { antiPhishingFlow } from '../../services/auth/twoFactorFlows.ts';
import { useAntiPhishing } from '../../services/auth/twoFactorQueries.ts';
import { useFlow, useRefusalText } from '../platform/app/useFlow.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import styles from '../platform/styles/screens.module.css';
import own from './twoFactor.module.css';

/**
 * The anti-phishing phrase (the antiPhishing flow): what it is for, the phrase now, and the form
 * that sets or removes it. Every mail and SMS from the platform to the user opens with it.
 */
export function AntiPhishingSection() {
  const { t } = useTranslation();
  const phrase = useAntiPhishing();
  return (
    <section
      className={`${styles.card} ${own.section}`}
      aria-labelledby="anti-phishing-heading"
      data-testid="anti-phishing-section"
    >
      <h2 id="anti-phishing-heading">{t('twoFactor.antiPhishing.title')}</h2>
      <p className={styles.note}>{t('twoFactor.antiPhishing.explain')}</p>
      <Loadable query={phrase}>{phrase.data && <PhraseForm current={phrase.data.phrase} />}</Loadable>
    </section>
  );
}

function PhraseForm({ current }: { current: string | null }) {
  const { t } = useTranslation();
  const text = useRefusalText();
  const [value, setValue] = useState(current ?? '');
  const [form, send] = useFlow(antiPhishingFlow, submissionView);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'antiPhishing.reset' });
    send({ type: 'antiPhishing.submit', values: { phrase: value } });
  };
  return (
    <form className={own.section} onSubmit={onSubmit} noValidate>
      <p className={own.state} data-testid="anti-phishing-current">
        {current ? t('twoFactor.antiPhishing.current', { phrase: current }) : t('twoFactor.antiPhishing.none')}
      </p>
      <label className={styles.field}>
        <span>{t('twoFactor.antiPhishing.label')}</span>
        <input
          name="phrase"
          maxLength={PHRASE_MAX + 8}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            send({ type: 'antiPhishing.edit' });
          }}
          data-testid="anti-phishing-input"
        />
      </label>
      {form.refusal && (
        <p className={styles.formError} role="alert" data-code={form.refusal.code ?? ''}>
          {text(form.refusal)}
        </p>
      )}
      <button type="submit" className={styles.submit} disabled={form.busy} data-testid="anti-phishing-save">
        {t('twoFactor.antiPhishing.save')}
      </button>
    </form>
  );
}
