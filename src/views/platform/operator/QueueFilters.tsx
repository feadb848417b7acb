import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSETS, type Asset } from '../../../contract/constants.ts';
import { NETWORKS, type Network } from '../../../contract/wallet.ts';
import type { QueueFilters as Filters } from './queue.tsx';

/** The groups of fields a queue shows: KYC has no amount, coin nor network; loans no network. */
export type FilterField = 'userId' | 'coin' | 'network' | 'amount' | 'age' | 'sort';
const ALL: readonly FilterField[] = ['userId', 'coin', 'network', 'amount', 'age', 'sort'];
import wallet from '../styles/money.module.css';
import own from './queueWork.module.css';

type Draft = Record<'userId' | 'coin' | 'network' | 'minAmount' | 'maxAmount' | 'older' | 'newer' | 'sort', string>;
const EMPTY: Draft = { userId: '', coin: '', network: '', minAmount: '', maxAmount: '', older: '', newer: '', sort: 'age' };
const DECIMAL = /^\d{1,20}(\.\d{1,18})?$/;
const WHOLE = /^\d{1,6}$/;
const ID = /^\d{1,19}$/;

/** The fields that are not what the service takes: named so the form marks them and applies nothing. */
export function filterProblems(d: Draft): (keyof Draft)[] {
  const bad: (keyof Draft)[] = [];
  if (d.userId && !ID.test(d.userId.trim())) bad.push('userId');
  if (d.minAmount && !DECIMAL.test(d.minAmount.trim())) bad.push('minAmount');
  if (d.maxAmount && !DECIMAL.test(d.maxAmount.trim())) bad.push('maxAmount');
  if (d.older && !WHOLE.test(d.older.trim())) bad.push('older');
  if (d.newer && !WHOLE.test(d.newer.trim())) bad.push('newer');
  return bad;
}

function toFilters<C extends string>(d: Draft): Filters<{ coin?: C; network?: Network }> {
  const f: Filters<{ coin?: C; network?: Network }> = { sort: d.sort === 'amount' ? 'amount' : 'age' };
  if (d.userId.trim()) f.userId = d.userId.trim();
  if (d.coin) f.coin = d.coin as C;
  if (d.network) f.network = d.network as Network;
  if (d.minAmount.trim()) f.minAmount = d.minAmount.trim();
  if (d.maxAmount.trim()) f.maxAmount = d.maxAmount.trim();
  if (d.older.trim()) f.olderThanMinutes = Number(d.older.trim());
  if (d.newer.trim()) f.newerThanMinutes = Number(d.newer.trim());
  return f;
}

/**
 * A queue's filters (customer, coin, network, amount range, age) and its sort, applied together
 * with Apply (Enter in any field) so typing an amount does not ask the service at every key.
 * `fields` names the groups a queue has (all by default), `coins` what its coin may be.
 */
export function QueueFilters<C extends string = Asset>({
  onApply,
  testId,
  fields = ALL,
  coins = ASSETS as readonly string[] as readonly C[],
}: {
  onApply: (f: Filters<{ coin?: C; network?: Network }>) => void;
  testId: string;
  fields?: readonly FilterField[];
  coins?: readonly C[];
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [bad, setBad] = useState<(keyof Draft)[]>([]);
  const field = (k: keyof Draft) => ({
    value: draft[k],
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value })),
    'aria-invalid': bad.includes(k) || undefined,
    'data-testid': `filter-${k}`,
  });
  return (
    <details className={own.reasons}>
      <summary>{t('admin.queue.filters')}</summary>
      <form
        className={own.filters}
        aria-label={t('admin.queue.filters')}
        data-testid={testId}
        onSubmit={(e) => {
          e.preventDefault();
          const problems = filterProblems(draft);
          setBad(problems);
          if (problems.length === 0) onApply(toFilters<C>(draft));
        }}
      >
        <FilterFields field={field} shown={fields} coins={coins} />
        <div className={own.filterActions}>
          <button type="submit" className={wallet.secondary} data-testid="filter-apply">
            {t('admin.queue.apply')}
          </button>
          <button
            type="button"
            className={wallet.secondary}
            onClick={() => {
              setDraft(EMPTY);
              setBad([]);
              onApply({});
            }}
            data-testid="filter-clear"
          >
            {t('admin.queue.clear')}
          </button>
        </div>
        {bad.length > 0 && (
          <p className={own.bulkResult} role="alert" data-testid="filter-problem">
            {t('admin.queue.filterProblem')}
          </p>
        )}
      </form>
    </details>
  );
}

type Field = (k: keyof Draft) => {
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  'aria-invalid': true | undefined;
  'data-testid': string;
};

/** The filter fields of the groups `shown`, each bound to the draft by `field`. */
function FilterFields({ field, shown, coins }: { field: Field; shown: readonly FilterField[]; coins: readonly string[] }) {
  const { t } = useTranslation();
  const has = (f: FilterField) => shown.includes(f);
  return (
    <>
      {has('userId') && (
        <label>
          <span>{t('admin.queue.customer')}</span>
          <input inputMode="numeric" dir="ltr" {...field('userId')} />
        </label>
      )}
      {has('coin') && (
        <label>
          <span>{t('admin.asset')}</span>
          <select {...field('coin')}>
            <option value="">{t('admin.queue.any')}</option>
            {coins.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
      )}
      {has('network') && (
        <label>
          <span>{t('admin.queue.network')}</span>
          <select {...field('network')}>
            <option value="">{t('admin.queue.any')}</option>
            {NETWORKS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      )}
      {has('amount') && (
        <>
          <label>
            <span>{t('admin.queue.minAmount')}</span>
            <input inputMode="decimal" dir="ltr" {...field('minAmount')} />
          </label>
          <label>
            <span>{t('admin.queue.maxAmount')}</span>
            <input inputMode="decimal" dir="ltr" {...field('maxAmount')} />
          </label>
        </>
      )}
      {has('age') && (
        <>
          <label>
            <span>{t('admin.queue.olderThan')}</span>
            <input inputMode="numeric" dir="ltr" {...field('older')} />
          </label>
          <label>
            <span>{t('admin.queue.newerThan')}</span>
            <input inputMode="numeric" dir="ltr" {...field('newer')} />
          </label>
        </>
      )}
      {has('sort') && (
        <label>
          <span>{t('admin.queue.sort')}</span>
          <select {...field('sort')}>
            <option value="age">{t('admin.queue.sortAge')}</option>
            <option value="amount">{t('admin.queue.sortAmount')}</option>
          </select>
        </label>
      )}
    </>
  );
}
