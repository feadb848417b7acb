import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Err } from '../../contract/errors.ts';
import { submissionView } from '../../machines/platform/submission.ts';
import { withdrawalFlow } from '../../services/wallet/flows.ts';
import { isPositive, maxAmount, percentOf, withdrawalQuote } from '../../contract/money.ts';
import { useWithdrawalMethods } from '../../services/wallet/queries.ts';
import { useFlow, useRefusalText } from '../platform/app/useFlow.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import { WithdrawalLimitLine } from './LimitsPanel.tsx';
import { formatMoney } from '../platform/components/Figures.tsx';
import screens from '../platform/styles/screens.module.css';
import forms from './forms.module.css';
import styles from '../platform/styles/money.module.css';

/**
 * Withdrawal: method, address, amount with "max", the exact fee preview, then the withdrawalForm
 * flow, which checks the values against the offer shown (minimum, available) before sending.
 */
export function WithdrawPanel() {
  const { t } = useTranslation();
  const text = useRefusalText();
  const methods = useWithdrawalMethods();
  const data = methods.data;
  const [v, setV] = useState({ method: '', address: '', amount: '' });
  const method = data?.methods.find((m) => m.method === v.method) ?? data?.methods[0];
  const quote = method && data ? withdrawalQuote(method.coin, v.amount, data.feeRate) : null;
  const [form, send] = useFlow(withdrawalFlow, submissionView);

  const set = (k: keyof typeof v) => (value: string) => {
    setV({ ...v, [k]: value });
    send({ type: 'withdrawalForm.edit' });
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'withdrawalForm.submit', values: { ...v, method: method?.method ?? '', offer: method ?? null } });
  };
  const again = () => {
    setV({ method: v.method, address: '', amount: '' });
    send({ type: 'withdrawalForm.reset' });
  };
  const submitted = form.result;
  // nothing to withdraw in this coin: the button is off and says why, instead of a refusal after typing
  const nothing = method !== undefined && !isPositive(method.available);
  // 10011 is the catalogue's wording for buying; a withdrawal says what it means here
  const refusalText =
    form.refusal?.code === Err.INSUFFICIENT_BALANCE && method
      ? t('newuser.withdraw.aboveAvailable', { available: formatMoney(method.available, method.coin), coin: method.coin })
      : text(form.refusal);

  return (
    <section className={screens.card} aria-labelledby="wd-title" data-testid="withdraw-panel">
      <div className={screens.cardHead}>
        <h2 id="wd-title">{t('account.withdraw')}</h2>
      </div>
      <Loadable query={methods}>
        {submitted ? (
          <div className={styles.success} role="status" data-testid="withdraw-done">
            <p>{t('errors:20003')}</p>
            <p className="num">
              {t('wallet.onHoldNow', {
                amount: formatMoney(submitted.amount, submitted.coin, { full: true }),
                coin: submitted.coin,
              })}
            </p>
            <button type="button" className={styles.secondary} onClick={again}>
              {t('wallet.newWithdrawal')}
            </button>
          </div>
        ) : (
          <form
            className={`${styles.form} ${forms.narrow}`}
            onSubmit={onSubmit}
            noValidate
            aria-label={t('account.withdraw')}
            data-testid="withdraw-form"
          >
            <label className={screens.field}>
              <span>{t('wallet.method')}</span>
              <select value={method?.method ?? ''} onChange={(e) => set('method')(e.target.value)} data-testid="wd-method">
                {(data?.methods ?? []).map((m) => (
                  <option key={m.method} value={m.method}>
                    {m.coin} · {m.network}
                  </option>
                ))}
              </select>
            </label>
            <label className={screens.field}>
              <span>{t('wallet.address')}</span>
              <input
                autoComplete="off"
                spellCheck={false}
                maxLength={120}
                value={v.address}
                onChange={(e) => set('address')(e.target.value)}
                data-testid="wd-address"
                dir="ltr"
              />
            </label>
            <div className={screens.field}>
              <label htmlFor="wd-amount" className={forms.label}>
                {t('account.amount')} ({method?.coin})
              </label>
              <div className={styles.amountBox}>
                <input
                  id="wd-amount"
                  inputMode="decimal"
                  autoComplete="off"
                  maxLength={40}
                  value={v.amount}
                  onChange={(e) => set('amount')(e.target.value)}
                  data-testid="wd-amount"
                />
                <button
                  type="button"
                  onClick={() => method && set('amount')(maxAmount(method.coin, method.available))}
                  data-testid="wd-max"
                >
                  {t('wallet.max')}
                </button>
              </div>
              <small className={styles.hint} data-testid="wd-available">
                {method
                  ? t('wallet.availableMin', {
                      available: formatMoney(method.available, method.coin, { full: true }),
                      min: formatMoney(method.minAmount, method.coin, { full: true }),
                      coin: method.coin,
                    })
                  : ''}
              </small>
            </div>
            <dl className={styles.quote} data-testid="wd-quote">
              <div>
                <dt>{t('wallet.feeRate')}</dt>
                <dd className="num" data-testid="wd-fee-rate">
                  {data ? `${percentOf(data.feeRate)} %` : '—'}
                </dd>
              </div>
              <div>
                <dt>{t('wallet.fee')}</dt>
                <dd className="num" data-testid="wd-fee">
                  {quote && method ? `${formatMoney(quote.fee, method.coin, { full: true })} ${method.coin}` : '—'}
                </dd>
              </div>
              <div>
                <dt>{t('wallet.receive')}</dt>
                <dd className="num" data-testid="wd-receive">
                  {quote && method ? `${formatMoney(quote.receive, method.coin, { full: true })} ${method.coin}` : '—'}
                </dd>
              </div>
            </dl>
            {method && <WithdrawalLimitLine coin={method.coin} />}
            <p className={styles.hint}>{t('wallet.networkConfirm')}</p>
            {form.refusal && (
              <p className={screens.formError} role="alert" data-testid="wd-error" data-code={form.refusal.code ?? ''}>
                {refusalText}
              </p>
            )}
            {nothing && (
              <p className={styles.hint} id="wd-nothing" data-testid="wd-nothing">
                {t('newuser.withdraw.nothing', { coin: method.coin })}
              </p>
            )}
            <button
              type="submit"
              className={screens.submit}
              disabled={form.busy || nothing}
              aria-describedby={nothing ? 'wd-nothing' : undefined}
              data-testid="wd-submit"
            >
              {t('wallet.submitWithdrawal')}
            </button>
          </form>
        )}
      </Loadable>
    </section>
  );
}
