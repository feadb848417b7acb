import { useTranslation } from 'react-i18next';
import type { SmartProduct } from '../../contract/smart.ts';
import { pct, usdt } from '../platform/components/moneyFormat.ts';
import styles from './smart.module.css';

export interface Choice {
  productId: string;
  days: number;
}

/**
 * The products on sale, one card each: every term with its daily rate and the annual
 * equivalent beside it, the amount range, the early-exit penalty and what the reserve can still
 * back. Choosing a term fills the purchase form.
 */
export function Products({
  products,
  choice,
  onChoose,
}: {
  products: SmartProduct[];
  choice: Choice | null;
  onChoose: (c: Choice) => void;
}) {
  const { t } = useTranslation();
  if (products.length === 0) return <p className={styles.muted}>{t('smart.noProducts')}</p>;
  return (
    <ul className={styles.products} data-testid="smart-products">
      {products.map((p) => (
        <li key={p.id} className={styles.product} data-testid="smart-product" data-name={p.name}>
          <h3>{p.name}</h3>
          <p className={styles.muted}>
            <span className="num">{t('smart.range', { min: usdt(p.minAmount, 0), max: usdt(p.maxAmount, 0) })}</span>
            {' · '}
            {t('smart.penalty', { rate: pct(p.earlyExitPenalty) })}
          </p>
          <ul className={styles.terms}>
            {p.terms.map((term) => {
              const chosen = choice?.productId === p.id && choice.days === term.days;
              return (
                <li key={term.days}>
                  <button
                    type="button"
                    className={styles.term}
                    aria-pressed={chosen}
                    disabled={!term.available}
                    onClick={() => onChoose({ productId: p.id, days: term.days })}
                    data-testid="smart-term"
                    data-days={term.days}
                  >
                    <span className={styles.termDays}>{t('smart.days', { n: term.days })}</span>
                    <span className={styles.rate}>
                      <span className="num" data-testid="daily-rate">
                        {pct(term.dailyRate)}
                      </span>{' '}
                      {t('smart.perDay')}
                    </span>
                    <span className={styles.annual}>
                      <span className="num" data-testid="annual-rate">
                        {pct(term.annualRate)}
                      </span>{' '}
                      {t('smart.perYear')}
                    </span>
                    <span className={styles.cover} data-testid="term-cover">
                      {term.available ? t('smart.coveredUpTo', { amount: usdt(term.coveredAmount, 0) }) : t('smart.soldOut')}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ul>
  );
}
