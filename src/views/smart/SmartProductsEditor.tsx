import { useState } from 'react';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { useAdminSmartProducts, useUpdateSmartProduct } from '../../services/smart/queries.ts';
import type { SmartProduct, UpdateSmartProductBody } from '../../contract/smart.ts';
import { toast } from '../../services/platform/toast.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import screens from '../platform/styles/screens.module.css';
import wallet from '../platform/styles/money.module.css';
import styles from '../platform/operator/admin.module.css';
import own from './SmartConsole.module.css';

/**
 * Rates travel as fractions ("0.00016"); operators type and read percentages ("0.016"). The
 * conversion is exact decimal arithmetic, so what is saved is what was typed. A text that is not
 * a number is sent as typed and the service refuses it (10030), shown beside the form.
 */
export function toFraction(percentText: string): string {
  try {
    return new Decimal(percentText.trim()).div(100).toFixed();
  } catch {
    return percentText.trim();
  }
}
export function toPercent(fraction: string, places?: number): string {
  const d = new Decimal(fraction).mul(100);
  return places === undefined ? d.toFixed() : d.toFixed(places);
}
/** The simple annual equivalent of a daily percentage, or '—' while it is not a number. */
function annualOf(dailyPercent: string): string {
  try {
    return `${new Decimal(dailyPercent.trim()).mul(365).toFixed()} %`;
  } catch {
    return '—';
  }
}

/** Every product, on sale or not, each with its own edit form (saved with PUT, audited). */
export function SmartProductsEditor() {
  const { t } = useTranslation();
  const list = useAdminSmartProducts();
  return (
    <section className={screens.card} aria-labelledby="adm-smart-products" data-testid="admin-smart-products">
      <div className={screens.cardHead}>
        <h2 id="adm-smart-products">{t('admin.smart.products')}</h2>
      </div>
      <p className={screens.muted}>{t('admin.smart.productsHint')}</p>
      <Loadable query={list}>
        <div className={own.productForms}>
          {(list.data?.rows ?? []).map((p) => (
            <ProductForm key={`${p.id}:${JSON.stringify(p)}`} product={p} />
          ))}
        </div>
      </Loadable>
    </section>
  );
}

interface TermDraft {
  days: string;
  daily: string;
}

function ProductForm({ product }: { product: SmartProduct }) {
  const { t } = useTranslation();
  const save = useUpdateSmartProduct();
  const [name, setName] = useState(product.name);
  const [min, setMin] = useState(product.minAmount.replace(/\.?0+$/, ''));
  const [max, setMax] = useState(product.maxAmount.replace(/\.?0+$/, ''));
  const [penalty, setPenalty] = useState(toPercent(product.earlyExitPenalty));
  const [enabled, setEnabled] = useState(product.enabled);
  const [terms, setTerms] = useState<TermDraft[]>(
    product.terms.map((x) => ({ days: String(x.days), daily: toPercent(x.dailyRate) })),
  );
  const changed =
    <V,>(set: (v: V) => void) =>
    (v: V) => {
      set(v);
      save.reset();
    };
  const setTerm = (i: number, patch: Partial<TermDraft>) =>
    changed(setTerms)(terms.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const body = (): UpdateSmartProductBody => ({
    name: name.trim(),
    minAmount: min.trim(),
    maxAmount: max.trim(),
    earlyExitPenalty: toFraction(penalty),
    enabled,
    terms: terms.map((x) => ({ days: Number(x.days), dailyRate: toFraction(x.daily) })),
  });
  const id = `sp-${product.id}`;
  return (
    <form
      className={own.productForm}
      aria-labelledby={id}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ id: product.id, body: body() }, { onSuccess: () => toast(t('admin.saved'), 'success') });
      }}
      data-testid="smart-product-form"
      data-name={product.name}
    >
      <h3 id={id}>
        {product.name} <span className={styles.userId}>#{product.id}</span>
      </h3>
      <div className={own.fields}>
        <label>
          <span>{t('admin.smart.name')}</span>
          <input
            className={styles.cellInput}
            value={name}
            maxLength={60}
            onChange={(e) => changed(setName)(e.target.value)}
            data-testid="sp-name"
          />
        </label>
        <DecimalField label={t('admin.smart.min')} value={min} onChange={changed(setMin)} testId="sp-min" />
        <DecimalField label={t('admin.smart.max')} value={max} onChange={changed(setMax)} testId="sp-max" />
        <DecimalField label={t('admin.smart.penalty')} value={penalty} onChange={changed(setPenalty)} testId="sp-penalty" />
        <label className={own.check}>
          <input
            type="checkbox"
            checked={enabled}
            onChange={(e) => changed(setEnabled)(e.target.checked)}
            data-testid="sp-enabled"
          />
          <span>{t('admin.smart.onSale')}</span>
        </label>
      </div>
      <table className={own.termTable}>
        <thead>
          <tr>
            <th>{t('admin.smart.days')}</th>
            <th>{t('admin.smart.dailyRate')}</th>
            <th>{t('admin.smart.annual')}</th>
            <th>
              <span className={own.hidden}>{t('admin.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {terms.map((x, i) => (
            <tr key={i} data-testid="sp-term">
              {TERM_FIELDS.map((f) => (
                <TermCell
                  key={f.field}
                  value={x[f.field]}
                  mode={f.mode}
                  label={t(f.label)}
                  onChange={(v) => setTerm(i, { [f.field]: v })}
                  testId={f.testId}
                />
              ))}
              <td className="num">{annualOf(x.daily)}</td>
              <td>
                <button
                  type="button"
                  className={wallet.secondary}
                  disabled={terms.length <= 1}
                  onClick={() => changed(setTerms)(terms.filter((_, j) => j !== i))}
                >
                  {t('admin.smart.removeTerm')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className={wallet.actions}>
        <button
          type="button"
          className={wallet.secondary}
          disabled={terms.length >= 10}
          onClick={() => changed(setTerms)([...terms, { days: '', daily: '' }])}
        >
          {t('admin.smart.addTerm')}
        </button>
        <button type="submit" className={wallet.secondary} disabled={save.isPending} data-testid="sp-save">
          {t('admin.smart.save')}
        </button>
      </div>
      {save.error && (
        <p className={styles.refusal} role="alert" data-testid="sp-error">
          {save.error.message}
        </p>
      )}
    </form>
  );
}

/** An amount or rate of the product: a decimal typed left to right. */
function DecimalField(p: { label: string; value: string; onChange: (v: string) => void; testId: string }) {
  return (
    <label>
      <span>{p.label}</span>
      <input
        className={styles.cellInput}
        value={p.value}
        inputMode="decimal"
        dir="ltr"
        onChange={(e) => p.onChange(e.target.value)}
        data-testid={p.testId}
      />
    </label>
  );
}

/** A term's two figures, edited in its row. */
const TERM_FIELDS = [
  { field: 'days', mode: 'numeric', label: 'admin.smart.days', testId: 'sp-term-days' },
  { field: 'daily', mode: 'decimal', label: 'admin.smart.dailyRate', testId: 'sp-term-rate' },
] as const;

/** One figure of a term's row, edited in place (left to right, whatever the language). */
function TermCell(p: {
  value: string;
  mode: 'numeric' | 'decimal';
  label: string;
  onChange: (v: string) => void;
  testId: string;
}) {
  return (
    <td>
      <input
        className={styles.cellInput}
        value={p.value}
        inputMode={p.mode}
        dir="ltr"
        aria-label={p.label}
        onChange={(e) => p.onChange(e.target.value)}
        data-testid={p.testId}
      />
    </td>
  );
}
