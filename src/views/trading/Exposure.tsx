import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Book } from '../../contract/constants.ts';
import { useExposure } from '../../services/trading/queries.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import { money, signed, timeLabel, toneOf } from './figures.ts';
import screens from '../platform/styles/screens.module.css';
import styles from '../platform/operator/admin.module.css';
import { CardTable } from '../platform/operator/queue.tsx';

/**
 * Open options exposure per instrument (read-only): long and short notionals, margin held, the
 * users' unrealised result and what the platform's trading-results account would pay or receive
 * if everything closed at the last price. Nothing here changes a price or an outcome.
 */
export function Exposure() {
  const { t, i18n } = useTranslation();
  const [book, setBook] = useState<Book>('real');
  const q = useExposure(book);
  const e = q.data;
  return (
    <section className={screens.card} aria-labelledby="adm-exposure" data-testid="admin-exposure">
      <div className={screens.cardHead}>
        <h2 id="adm-exposure">{t('admin.sections.exposure')}</h2>
        <div className={screens.toolbar}>
          <label className={styles.filter}>
            <span>{t('orders.exposure.book')}</span>
            <select value={book} onChange={(ev) => setBook(ev.target.value as Book)} data-testid="exposure-book">
              <option value="real">{t('orders.bookReal')}</option>
              <option value="demo">{t('orders.bookDemo')}</option>
            </select>
          </label>
        </div>
      </div>
      <p className={screens.note}>
        {t('orders.exposure.readOnly')}
        {e && <> · {t('orders.exposure.asOf', { time: timeLabel(e.asOf, i18n.language) })}</>}
      </p>
      <Loadable query={q} empty={e !== undefined && e.rows.length === 0}>
        {e && (
          <CardTable
            columns={[
              t('orders.instrument'),
              t('orders.exposure.positions'),
              t('orders.exposure.long'),
              t('orders.exposure.short'),
              t('orders.exposure.margin'),
              t('orders.exposure.unrealised'),
              t('orders.exposure.platform'),
              t('orders.lastPrice'),
            ]}
          >
            {e.rows.map((r) => (
              <tr key={r.code} data-testid="exposure-row" data-code={r.code}>
                <th scope="row" data-label={t('orders.instrument')}>
                  {r.code}
                </th>
                <td data-label={t('orders.exposure.positions')} className="num">
                  {r.openPositions}
                </td>
                <td data-label={t('orders.exposure.long')} className="num">
                  {money(r.longNotional)}
                </td>
                <td data-label={t('orders.exposure.short')} className="num">
                  {money(r.shortNotional)}
                </td>
                <td data-label={t('orders.exposure.margin')} className="num">
                  {money(r.marginHeld)}
                </td>
                <td data-label={t('orders.exposure.unrealised')} className="num" data-tone={toneOf(r.unrealisedPnl)}>
                  {signed(r.unrealisedPnl)}
                </td>
                <td data-label={t('orders.exposure.platform')} className="num" data-tone={toneOf(r.platformResult)}>
                  {signed(r.platformResult)}
                </td>
                <td data-label={t('orders.lastPrice')} className="num" data-stale={r.stale || undefined}>
                  {r.price ?? '—'}
                  {r.stale && (
                    <span className={styles.staleTag} data-testid="exposure-stale">
                      {t('orders.exposure.stale')}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </CardTable>
        )}
      </Loadable>
    </section>
  );
}
