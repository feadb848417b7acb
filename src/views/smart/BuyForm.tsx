import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { SmartProduct } from '../../contract/smart.ts';
import { dailyEarning, expectedProfit } from '../../contract/smartMath.ts';
import { confirmedSubmissionView } from '../../machines/platform/submission.ts';
import type { SmartBuyDraft } from '../../machines/smart/smartBuy.ts';
import { smartBuyFlow } from '../../services/smart/flows.ts';
import { maxAmount, parseAmount } from '../../contract/money.ts';
import { useFlow, useRefusalText } from '../platform/app/useFlow.ts';
import { ModeSwitch } from '../platform/shell/ModeSwitch.tsx';
import screens from '../platform/styles/screens.module.css';
import surfaces from '../platform/styles/surfaces.module.css';
import wallet from '../platform/styles/money.module.css';
import { EarningsChart } from './EarningsChart.tsx';
import { pct, usdt, useWhen } from '../platform/components/moneyFormat.ts';
import type { Choice } from './Products.tsx';
import styles from './smart.module.css';

/** Why this user cannot buy now (the form still previews the schedule), or null. */
export type Blocked = 'login' | 'demo' | 'disabled' | null;

/**
 * Buying a plan: product, term, amount; the exact daily earning, promised yield and end time
 * (the service's arithmetic, smartMath) and the projected schedule as a chart; then the smartBuy
 * flow, whose guard refuses what the service would refuse, in the user's language, before
 * anything is sent. A retry of the same values reuses the purchase's client key.
 */
export function BuyForm(props: {
  products: SmartProduct[];
  choice: Choice | null;
  onChoose: (c: Choice) => void;
  available: string | null;
  blocked: Blocked;
}) {
  const { products, choice, onChoose, available, blocked } = props;
  const { t } = useTranslation();
  const text = useRefusalText();
  const when = useWhen();
  const [amount, setAmount] = useState('');
  // the preview's start: when the form was opened (the plan's own starts at purchase)
  const [startMs] = useState(() => Date.now());
  const [form, send] = useFlow(smartBuyFlow, confirmedSubmissionView);

  const product = products.find((p) => p.id === choice?.productId) ?? products[0] ?? null;
  const term = product?.terms.find((x) => x.days === choice?.days) ?? product?.terms[0] ?? null;
  const valid = product && term ? parseAmount('USDT', amount) : null;
  const edit = () => send({ type: 'smartBuy.edit' });
  const choose = (c: Choice) => {
    onChoose(c);
    edit();
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!product || !term) return;
    send({ type: 'smartBuy.submit', values: { productId: product.id, days: term.days, amount, product, available } });
  };
  const again = () => {
    setAmount('');
    send({ type: 'smartBuy.reset' });
  };

  if (form.result) {
    const plan = form.result;
    return (
      // the toast says "Purchase successful" (the flow's one confirmation): this is what was bought
      <div className={wallet.success} data-testid="smart-bought">
        <p className="num">
          {t('smart.boughtText', {
            name: plan.productName,
            amount: usdt(plan.amount),
            time: when(plan.nextEarningTime ?? plan.endTime),
          })}
        </p>
        <button type="button" className={wallet.secondary} onClick={again} data-testid="smart-again">
          {t('smart.buyAnother')}
        </button>
      </div>
    );
  }
  if (!product || !term) return <p className={styles.muted}>{t('smart.noProducts')}</p>;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('smart.buyTitle')} data-testid="smart-form">
      <div className={styles.pair}>
        <label className={screens.field}>
          <span>{t('smart.product')}</span>
          <select
            value={product.id}
            onChange={(e) =>
              choose({ productId: e.target.value, days: products.find((p) => p.id === e.target.value)?.terms[0]?.days ?? 0 })
            }
            data-testid="smart-product-select"
          >
            {products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label className={screens.field}>
          <span>{t('smart.term')}</span>
          <select
            value={term.days}
            onChange={(e) => choose({ productId: product.id, days: Number(e.target.value) })}
            data-testid="smart-days"
          >
            {product.terms.map((x) => (
              <option key={x.days} value={x.days}>
                {t('smart.days', { n: x.days })} · {pct(x.dailyRate)} {t('smart.perDay')}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className={screens.field}>
        <label htmlFor="smart-amount" className={styles.label}>
          {t('smart.amount')} (USDT)
        </label>
        <div className={wallet.amountBox}>
          <input
            id="smart-amount"
            inputMode="decimal"
            autoComplete="off"
            maxLength={40}
            value={amount}
            placeholder={`${Number(product.minAmount)} – ${Number(product.maxAmount)}`}
            onChange={(e) => {
              setAmount(e.target.value);
              edit();
            }}
            aria-invalid={form.refusal ? true : undefined}
            aria-describedby="smart-range"
            data-testid="smart-amount"
          />
          {available !== null && (
            <button
              type="button"
              onClick={() => {
                setAmount(maxAmount('USDT', available));
                edit();
              }}
              data-testid="smart-max"
            >
              {t('wallet.max')}
            </button>
          )}
        </div>
        <small id="smart-range" className={wallet.hint}>
          {t('smart.range', { min: usdt(product.minAmount, 0), max: usdt(product.maxAmount, 0) })}
          {available !== null && <> · {t('smart.available', { amount: usdt(available) })}</>}
        </small>
      </div>
      <dl className={wallet.quote} data-testid="smart-quote">
        <div>
          <dt>{t('smart.dailyRate')}</dt>
          <dd>
            <span className="num">{pct(term.dailyRate)}</span>{' '}
            <small>
              (<span className="num">{pct(term.annualRate)}</span> {t('smart.perYear')})
            </small>
          </dd>
        </div>
        <div>
          <dt>{t('smart.dailyEarning')}</dt>
          <dd className="num" data-testid="smart-daily">
            {valid ? usdt(dailyEarning(valid, term.dailyRate), 6) : '—'}
          </dd>
        </div>
        <div>
          <dt>{t('smart.expectedProfit')}</dt>
          <dd className="num" data-testid="smart-expected">
            {valid ? usdt(expectedProfit(valid, term.dailyRate, term.days), 6) : '—'}
          </dd>
        </div>
        <div>
          <dt>{t('smart.endTime')}</dt>
          <dd className="num">{when(startMs + term.days * 86_400_000, true)}</dd>
        </div>
      </dl>
      {valid && <EarningsChart amount={valid} dailyRate={term.dailyRate} days={term.days} startMs={startMs} />}
      {form.refusal && (
        <p className={screens.formError} role="alert" data-testid="smart-error" data-code={form.refusal.code ?? ''}>
          {text(form.refusal)}
        </p>
      )}
      {blocked === null ? (
        <button
          type="submit"
          className={screens.submit}
          disabled={form.busy || form.confirming !== null}
          data-testid="smart-submit"
        >
          {t('smart.buy')}
        </button>
      ) : (
        <BlockedNote blocked={blocked} />
      )}
      {form.confirming && (
        <BuyConfirm
          draft={form.confirming}
          busy={form.busy}
          onConfirm={() => send({ type: 'smartBuy.confirm' })}
          onCancel={edit}
        />
      )}
    </form>
  );
}

/** Moves the focus into the dialog when it opens. */
const focusOnMount = (el: HTMLElement | null) => el?.focus();

/**
 * The purchase's confirmation (the smartBuy flow's `confirming`): the amount locked, the book
 * (plans are bought with real money only), the term and its end, the earnings and what leaving
 * early costs. Only its confirm button sends the purchase.
 */
function BuyConfirm({
  draft,
  busy,
  onConfirm,
  onCancel,
}: {
  draft: SmartBuyDraft;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const when = useWhen();
  // the term's end if bought now: the dialog's opening time
  const [openedAt] = useState(() => Date.now());
  useEffect(() => {
    const key = (e: KeyboardEvent) => e.key === 'Escape' && !busy && onCancel();
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [busy, onCancel]);
  const p = draft.product;
  const term = p?.terms.find((x) => x.days === draft.days);
  const amount = parseAmount('USDT', draft.amount);
  if (!p || !term || !amount) return null;
  return (
    // a click on the backdrop cancels; the keyboard's way out is Escape or Back
    <div className={styles.overlay} role="presentation" onClick={(e) => e.target === e.currentTarget && !busy && onCancel()}>
      <div
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="smart-confirm-title"
        aria-busy={busy}
        data-testid="smart-confirm"
        data-book="real"
      >
        <h2 id="smart-confirm-title">{t('smart.confirm.title')}</h2>
        <p className={surfaces.warnNote}>{t('smart.confirm.book')}</p>
        <p data-testid="smart-confirm-text">
          {t('smart.confirm.text', {
            amount: usdt(amount),
            name: p.name,
            days: term.days,
            time: when(openedAt + term.days * 86_400_000, true),
          })}
        </p>
        <dl className={wallet.quote}>
          <div>
            <dt>{t('smart.amount')}</dt>
            <dd className="num" data-testid="smart-confirm-amount">
              {usdt(amount)}
            </dd>
          </div>
          <div>
            <dt>{t('smart.dailyEarning')}</dt>
            <dd className="num">{usdt(dailyEarning(amount, term.dailyRate), 6)}</dd>
          </div>
          <div>
            <dt>{t('smart.expectedProfit')}</dt>
            <dd className="num">{usdt(expectedProfit(amount, term.dailyRate, term.days), 6)}</dd>
          </div>
        </dl>
        <p>{t('smart.confirm.exit', { rate: pct(p.earlyExitPenalty) })}</p>
        <div className={wallet.actions}>
          <button
            type="button"
            className={screens.submit}
            disabled={busy}
            aria-busy={busy}
            onClick={onConfirm}
            ref={focusOnMount}
            data-testid="smart-confirm-submit"
          >
            {t('smart.confirm.button', { amount: usdt(amount) })}
          </button>
          <button
            type="button"
            className={wallet.secondary}
            disabled={busy}
            onClick={onCancel}
            data-testid="smart-confirm-cancel"
          >
            {t('orders.back')}
          </button>
        </div>
      </div>
    </div>
  );
}

function BlockedNote({ blocked }: { blocked: Exclude<Blocked, null> }) {
  const { t } = useTranslation();
  const note = { login: 'account.loginPrompt', demo: 'trading.demoBlocked', disabled: 'trading.notEnabled' }[blocked];
  return (
    <div className={styles.blocked} data-testid="smart-blocked" data-reason={blocked}>
      <p className={surfaces.warnNote}>{t(note)}</p>
      {blocked === 'login' && <Link href="/pass/login">{t('nav.login')}</Link>}
      {blocked === 'demo' && (
        <div className={surfaces.darkFrame}>
          <ModeSwitch />
        </div>
      )}
    </div>
  );
}
