import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearch } from 'wouter';
import { useBook } from '../../services/platform/queries/scope.ts';
import { useOrder, useOptionsProduct } from '../../services/trading/queries.ts';
import { useQuote, useSession, useVisibleCodes } from '../platform/app/hooks.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import { SignedOutScreen } from '../platform/components/LoginPrompt.tsx';
import headings from '../platform/components/headings.module.css';
import { isLive, money, periodLabel, shownNet, shownPnl, signed, timeLabel, toneOf } from './figures.ts';
import { isBook } from './links.ts';
import { BookBadge, DirectionTag, Figure, StatusTag } from './parts.tsx';
import { StopsEditor } from './StopsEditor.tsx';
import styles from './trade.module.css';

/**
 * One order with its receipt (/profile/orders/:id, linked from the order's notifications): how it
 * opened and closed (the ticks: time and price), why it closed, fees and profit. While open, the
 * profit moves with the feed, the expected result and the maximum loss are shown, and the
 * stop-loss and take-profit can be changed; once closed, the result after fees is the settled one.
 */
export default function OrderScreen() {
  const { t } = useTranslation();
  const { loggedIn } = useSession();
  const params = useParams<{ id: string }>();
  const id = (params.id ?? '').replace(/[^0-9]/g, '').slice(0, 19);
  // the order's book, from the link: the receipt opens whatever book is selected
  const book = new URLSearchParams(useSearch()).get('book');
  if (!loggedIn) return <SignedOutScreen className={styles.card} title={t('orders.receipt')} />;
  return <Receipt id={id} of={isBook(book) ? book : null} />;
}

function Receipt({ id, of }: { id: string; of: 'demo' | 'real' | null }) {
  const { t, i18n } = useTranslation();
  const selected = useBook();
  const order = useOrder(id, of);
  const o = order.data;
  const live = o ? isLive(o) : false;
  useVisibleCodes(o && live ? [o.code] : []);
  const product = useOptionsProduct(o && live ? o.code : '');
  const quote = useQuote(o && live ? o.code : undefined);
  const pnl = o ? shownPnl(o, quote?.price) : '0';
  const net = o ? shownNet(o, quote?.price) : null;
  return (
    <section className={styles.card} aria-labelledby="receipt-title" data-testid="order-receipt">
      <div className={styles.cardHead}>
        <h1 id="receipt-title" className={headings.barTitle}>
          {t('orders.receipt')} {o && <span className="num">{o.orderNo}</span>}
        </h1>
        <Link href="/profile/orders">{t('orders.allOrders')}</Link>
      </div>
      <Loadable query={order}>
        {o && (
          <>
            <p className={styles.orderLine}>
              <BookBadge book={o.book} /> <strong>{o.code}</strong> <DirectionTag direction={o.direction} />{' '}
              <span className="num">{o.lots}</span> {t('orders.lotsUnit')} · <span className="num">{o.leverage}×</span> ·{' '}
              {periodLabel(o.periodSeconds, i18n.language)} · <StatusTag order={o} />
            </p>
            {o.book !== selected && (
              <p className={styles.hintLine} data-testid="receipt-other-book">
                {t('orders.otherBook', {
                  book: t(o.book === 'demo' ? 'orders.bookDemo' : 'orders.bookReal'),
                  selected: t(selected === 'demo' ? 'orders.bookDemo' : 'orders.bookReal'),
                })}
              </p>
            )}
            <dl className={styles.receipt}>
              <Figure
                label={t('orders.openTick')}
                value={`${o.openPrice} · ${timeLabel(o.openTime, i18n.language)}`}
                testId="receipt-open"
              />
              {o.closeTick ? (
                <Figure
                  label={t('orders.closeTick')}
                  value={`${o.closeTick.price} · ${timeLabel(o.closeTick.time, i18n.language)}`}
                  testId="receipt-close"
                />
              ) : (
                <Figure
                  label={live ? t('orders.lastPrice') : t('orders.closePrice')}
                  value={live ? (quote?.price ?? null) : o.closePrice}
                />
              )}
              {o.closeReason && (
                <Figure label={t('orders.reasonLabel')} value={t(`orders.reason.${o.closeReason}`)} testId="receipt-reason" />
              )}
              {o.triggerPrice && (
                <Figure
                  label={t(o.trailingDistance && o.closeReason === 'stop_loss' ? 'orders.trailingFired' : 'orders.triggerLevel')}
                  value={o.triggerPrice}
                  testId="receipt-trigger"
                />
              )}
              {o.trailingDistance && (
                <Figure label={t('orders.trailingDistance')} value={o.trailingDistance} testId="receipt-trailing" />
              )}
              <Figure label={t('orders.expires')} value={timeLabel(o.expiresAt, i18n.language)} />
              <Figure label={t('orders.stopLoss')} value={o.stopLoss} testId="receipt-sl" />
              <Figure label={t('orders.takeProfit')} value={o.takeProfit} />
              <Figure label={t('orders.stopOut')} value={o.stopOutPrice} />
              <Figure label={t('orders.notional')} value={money(o.notional)} unit="USDT" />
              <Figure label={t('orders.margin')} value={money(o.margin)} unit="USDT" />
              {/* projections (at the take-profit or a 1 % move; at the stop-loss or the stop-out): an open
                  position's expectations; once closed, the result after fees below is what happened, and
                  neither an "expected" nor a "maximum" figure stands beside it */}
              {live && (
                <Figure
                  label={t('orders.expectedReturn')}
                  value={signed(o.expectedReturn)}
                  unit="USDT"
                  tone={toneOf(o.expectedReturn)}
                  testId="receipt-expected"
                />
              )}
              {live && (
                <Figure
                  label={t('orders.maxLoss')}
                  value={signed(o.maxLoss)}
                  unit="USDT"
                  tone={toneOf(o.maxLoss)}
                  testId="receipt-maxloss"
                />
              )}
              <Figure label={t('orders.feeOpen')} value={money(o.openFee)} unit="USDT" />
              <Figure label={t('orders.feeClose')} value={o.closeFee === null ? null : money(o.closeFee)} unit="USDT" />
              <Figure
                label={live ? t('orders.livePnl') : t('orders.pnl')}
                value={signed(pnl)}
                unit="USDT"
                tone={toneOf(pnl)}
                testId="receipt-pnl"
              />
              {net !== null && (
                <Figure
                  label={live ? t('orders.liveNet') : t('orders.net')}
                  value={signed(net)}
                  unit="USDT"
                  tone={toneOf(net)}
                  testId="receipt-net"
                />
              )}
            </dl>
            {o.closeTick && o.triggerPrice && o.closeTick.price !== o.triggerPrice && (
              <p className={styles.hintLine} data-testid="receipt-gap">
                {t('orders.gapNote')}
              </p>
            )}
            {o.delayed && <p className={styles.hintLine}>{t('orders.delayedNote')}</p>}
            {live && product.data && (
              <StopsEditor position={o} product={product.data} price={product.data.tradable ? (quote?.price ?? null) : null} />
            )}
          </>
        )}
      </Loadable>
    </section>
  );
}
