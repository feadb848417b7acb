import { useState, type FormEvent } from 'react';
import { Link, Redirect, useSearchParams } from 'wouter';
import { Trans, useTranslation } from 'react-i18next';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../contract/auth.ts';
import type { RegisterValues } from '../../machines/auth/register.ts';
import { submissionView } from '../../machines/platform/submission.ts';
import { registerFlow } from '../../services/auth/flows.ts';
import { useAppActors } from '../platform/app/actors.tsx';
import { useSession } from '../platform/app/hooks.ts';
import { useFlow } from '../platform/app/useFlow.ts';
import { CodeField, FormRefusal, NewPasswordFields, TargetFields } from '../platform/components/AuthFields.tsx';
import { CheckIcon, CircleIcon } from '../platform/components/Icons.tsx';
import { useContentLists } from '../../services/content/index.ts';
import styles from '../platform/styles/screens.module.css';

/** Opening an account: the register flow; the invite code may come in the link (?invite= or ?code=). */
export default function Register() {
  const { t } = useTranslation();
  const { session } = useAppActors();
  const [params] = useSearchParams();
  const invite = (params.get('invite') ?? params.get('code') ?? '').slice(0, 32);
  const [v, setV] = useState<RegisterValues>({
    channel: 'email',
    username: '',
    email: '',
    phone: '',
    areaCode: '+1',
    code: '',
    password: '',
    confirmPassword: '',
    inviteCode: invite,
    acceptedTerms: false,
  });
  const [form, send] = useFlow(() => registerFlow(session), submissionView);
  const set = (k: Exclude<keyof RegisterValues, 'acceptedTerms'>) => (value: string) => {
    setV((prev) => ({ ...prev, [k]: value }));
    send({ type: 'register.edit' });
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'register.submit', values: v });
  };
  const { loggedIn } = useSession();
  const p = v.password;
  // the password rules as the user types (the flow's guard applies the contract's passwordStrongEnough)
  const rules = [
    ['auth.ruleLength', p.length >= PASSWORD_MIN && p.length <= PASSWORD_MAX],
    ['auth.ruleLetter', /[A-Za-z]/.test(p)],
    ['auth.ruleDigit', /[0-9]/.test(p)],
    ['auth.ruleMatch', p.length > 0 && p === v.confirmPassword],
  ] as const;
  // a signed-in user has no account to open: home, where registering leads too
  if (loggedIn) return <Redirect to="/" replace />;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="reg-title" data-testid="register-form">
      <h1 id="reg-title">{t('auth.registerTitle')}</h1>
      <label className={styles.field}>
        <span>{t('auth.username')}</span>
        <input
          name="username"
          autoComplete="username"
          maxLength={20}
          value={v.username}
          onChange={(e) => set('username')(e.target.value)}
          aria-describedby="username-rule"
          required
          data-testid="username"
        />
        <small id="username-rule" className={styles.muted}>
          {t('auth.usernameRule')}
        </small>
      </label>
      <TargetFields values={v} set={(k, value) => set(k)(value)} />
      <CodeField purpose="register" target={v} value={v.code} onChange={set('code')} />
      <NewPasswordFields label={t('auth.password')} values={v} set={set} />
      <ul className={styles.rules} aria-label={t('auth.rules')}>
        {rules.map(([key, ok]) => (
          <li key={key} data-ok={ok}>
            {ok ? <CheckIcon width={16} height={16} /> : <CircleIcon width={16} height={16} />} {t(key)}
          </li>
        ))}
      </ul>
      <label className={styles.field}>
        <span>{t('auth.inviteCode')}</span>
        <input
          name="inviteCode"
          maxLength={32}
          value={v.inviteCode}
          onChange={(e) => set('inviteCode')(e.target.value)}
          data-testid="invite"
        />
      </label>
      <Consent
        checked={v.acceptedTerms}
        onChange={(on) => {
          setV((prev) => ({ ...prev, acceptedTerms: on }));
          send({ type: 'register.edit' });
        }}
      />
      <FormRefusal refusal={form.refusal} />
      <button type="submit" className={styles.submit} disabled={form.busy || form.result !== null} data-testid="submit">
        {t('auth.submitRegister')}
      </button>
      <div className={styles.alt}>
        <span>
          {t('auth.haveAccount')} <Link href="/pass/login">{t('nav.login')}</Link>
        </span>
      </div>
    </form>
  );
}

/** Consent to the terms of service and the privacy policy, each a link to its content page (opened in a new tab: the form keeps what was typed). */
function Consent({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  const lists = useContentLists();
  const link = (slug: string) => {
    const c = lists.lists.flat().find((item) => item.slug === slug);
    return c ? (
      // eslint-disable-next-line jsx-a11y/anchor-has-content -- Trans puts the translated words inside
      <a
        href={`/detail?id=${c.id}&title=${encodeURIComponent(c.title)}`}
        target="_blank"
        rel="noopener"
        data-testid={`consent-${slug}`}
      />
    ) : (
      <span />
    );
  };
  return (
    <label className={styles.consent}>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} required data-testid="consent" />
      <span>
        <Trans i18nKey="newuser.consent" components={{ terms: link('terms'), privacy: link('privacy') }} />
      </span>
    </label>
  );
}
