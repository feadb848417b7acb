import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OptionsPosition, OptionsProduct } from '../../contract/trading.ts';
import { submissionView } from '../../machines/platform/submission.ts';
import { stopsEditFlow } from '../../services/trading/flows.ts';
import { useFlow, useLatest, useRefusalText } from '../platform/app/useFlow.ts';
import { positionTerms } from './figures.ts';
import styles from './trade.module.css';
import own from './stops.module.css';

/**
 * The stop-loss and take-profit of an open position, changed in place (the stopsEdit flow). The
 * fields start at the position's levels; an empty field removes a level. The guard checks the
 * levels against the live price shown (`price`, null while the market is closed), with the rules
 * the service applies again when it receives them.
 */
export function StopsEditor({
  position,
  product,
  price,
}: {
  position: OptionsPosition;
  product: OptionsProduct;
  price: string | null;
}) {
  const { t } = useTranslation();
  const text = useRefusalText();
  const [stopLoss, setStopLoss] = useState(position.stopLoss ?? '');
  const [takeProfit, setTakeProfit] = useState(position.takeProfit ?? '');
  // the fields show the levels as the service stored them (at the instrument's precision)
  const saved = useLatest((p: OptionsPosition) => {
    setStopLoss(p.stopLoss ?? '');
    setTakeProfit(p.takeProfit ?? '');
  });
  const [form, send] = useFlow((client) => stopsEditFlow(client, position.book, saved), submissionView);
  const edit = (set: (v: string) => void) => (v: string) => {
    set(v.trim());
    send({ type: form.result ? 'stopsEdit.reset' : 'stopsEdit.edit' });
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send({
      type: 'stopsEdit.submit',
      values: {
        id: position.id,
        stopLoss,
        takeProfit,
        terms: positionTerms(position),
        stopOut: position.stopOutPrice,
        minDistance: product.minDistance,
        price,
      },
    });
  };
  const unchanged = stopLoss === (position.stopLoss ?? '') && takeProfit === (position.takeProfit ?? '');
  return (
    <form
      className={own.editor}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="stops-title"
      data-testid="stops-editor"
      data-price={price ?? ''}
    >
      <h2 id="stops-title" className={own.title}>
        {t('orders.editStops')}
      </h2>
      <p className={own.note}>{t('orders.editStopsNote', { price: price ?? '—' })}</p>
      <div className={styles.stops}>
        {(
          [
            ['orders.stopLoss', stopLoss, setStopLoss, 'edit-stop-loss'],
            ['orders.takeProfit', takeProfit, setTakeProfit, 'edit-take-profit'],
          ] as const
        ).map(([label, value, set, testId]) => (
          <label key={testId} className={styles.field}>
            <span>{t(label)}</span>
            <input
              inputMode="decimal"
              value={value}
              onChange={(e) => edit(set)(e.target.value)}
              placeholder="—"
              aria-invalid={form.refusal ? true : undefined}
              data-testid={testId}
            />
          </label>
        ))}
      </div>
      {form.refusal && (
        <p className={styles.refusal} role="alert" data-testid="stops-refusal" data-code={form.refusal.code ?? ''}>
          {text(form.refusal)}
        </p>
      )}
      {form.result && (
        <p className={own.saved} role="status" data-testid="stops-saved">
          {t('orders.stopsSaved')}
        </p>
      )}
      <div className={styles.actions}>
        <button
          type="submit"
          className={styles.primaryButton}
          disabled={form.busy || unchanged}
          aria-busy={form.busy}
          data-testid="save-stops"
        >
          {t('orders.saveStops')}
        </button>
      </div>
    </form>
  );
}
