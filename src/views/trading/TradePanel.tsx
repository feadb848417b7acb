import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { trailingStart } from '../../contract/entryMath.ts';
import { isPlainDecimal, validOrderFigures, type Direction } from '../../contract/optionsMath.ts';
import { ENTRY_KINDS, PENDING_VALIDITY_CHOICES, type EntryKind } from '../../contract/pendingOrders.ts';
import type { OptionsProduct } from '../../contract/trading.ts';
import { ticketProblem, ticketView, type TicketDraft, type TicketField } from '../../machines/trading/orderTicket.ts';
import { orderTicketFlow } from '../../services/trading/flows.ts';
import { useBook } from '../../services/platform/queries/scope.ts';
import { useOptionsProduct } from '../../services/trading/queries.ts';
import { useAvailable } from '../../services/wallet/index.ts';
import { useQuote, useSession } from '../platform/app/hooks.ts';
import { useFlow, useRefusalText } from '../platform/app/useFlow.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import { LoginPrompt } from '../platform/components/LoginPrompt.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { PendingTicket } from './PendingTicket.tsx';
import { BookBadge, Figure } from './parts.tsx';
import { money, periodLabel, signed, stepLots, toneOf } from './figures.ts';
import styles from './trade.module.css';

/**
 * The trade panel of the market detail page: side, lots, leverage, period, optional stop-loss and
 * take-profit, with the figures of the order at the live feed price and each rule's problem
 * beside its field (the ticket machine's own rules, src/machines/trading/orderTicket.ts). Whether the
 * order may be reviewed, or sent again at once after no answer came, the panel asks the machine
 * (`can`). Desktop: a column beside the chart. Phone: a bottom sheet opened from the Buy/Sell bar.
 */
export function TradePanel({ code, fallbackPrice, phone }: { code: string; fallbackPrice: string; phone: boolean }) {
  const { t } = useTranslation();
  const product = useOptionsProduct(code);
  const [direction, setDirection] = useState<Direction>('up');
  // phone only: the bottom sheet is open
  const [sheet, setSheet] = useState(false);
  // phone: the ticket is drawn when the sheet first opens, then kept (with what was typed) while it
  // is closed; drawn hidden from the start, it was a long piece of the screen's start-up and redrew
  // its figures on every tick unseen (docs/performance.md)
  const [opened, setOpened] = useState(!phone);
  const openSheet = (d: Direction) => {
    setDirection(d);
    setSheet(true);
    setOpened(true);
  };
  const panel = (
    <section
      className={styles.panel}
      data-sheet={phone ? (sheet ? 'open' : 'closed') : undefined}
      hidden={phone && !sheet ? true : undefined}
      aria-labelledby="trade-title"
      data-testid="trade-panel"
      {...(phone ? { role: 'dialog', 'aria-modal': sheet ? true : undefined } : {})}
    >
      <div className={styles.panelHead}>
        <h2 id="trade-title">{t('orders.panelTitle')}</h2>
        {phone && (
          <button
            type="button"
            className={styles.sheetClose}
            onClick={() => setSheet(false)}
            aria-label={t('common.close')}
            data-testid="sheet-close"
          >
            ×
          </button>
        )}
      </div>
      <Loadable query={product}>
        {product.data && opened && (
          <Ticket
            key={code}
            product={product.data}
            fallbackPrice={fallbackPrice}
            direction={direction}
            onDirection={setDirection}
          />
        )}
      </Loadable>
    </section>
  );
  if (!phone) return panel;
  return (
    <>
      {sheet && (
        <button
          type="button"
          className={styles.backdrop}
          aria-label={t('common.close')}
          onClick={() => setSheet(false)}
          tabIndex={-1}
        />
      )}
      {panel}
      {/* keeps the end of the page above the fixed bar */}
      <div className={styles.barSpacer} aria-hidden="true" />
      <div className={styles.buyBar} data-testid="buy-bar">
        <button type="button" className={styles.buyUp} onClick={() => openSheet('up')} data-testid="bar-up">
          {t('orders.buyUp')}
        </button>
        <button type="button" className={styles.buyDown} onClick={() => openSheet('down')} data-testid="bar-down">
          {t('orders.sellDown')}
        </button>
      </div>
    </>
  );
}

const defaultOf = (choices: readonly number[], preferred: number) =>
  choices.includes(preferred) ? preferred : (choices[0] ?? preferred);

function Ticket({
  product,
  fallbackPrice,
  direction,
  onDirection: setDirection,
}: {
  product: OptionsProduct;
  fallbackPrice: string;
  direction: Direction;
  onDirection: (d: Direction) => void;
}) {
  const { t, i18n } = useTranslation();
  const refusalText = useRefusalText();
  const { loggedIn } = useSession();
  const book = useBook();
  const quote = useQuote(product.code);
  const price = quote?.price ?? fallbackPrice;
  const available = useAvailable('USDT', loggedIn);
  const [lots, setLots] = useState(product.lotStep);
  const [leverage, setLeverage] = useState(() => defaultOf(product.leverageChoices, 10));
  const [period, setPeriod] = useState(() => defaultOf(product.periodChoices, 300));
  const [stopLoss, setStopLoss] = useState('');
  const [takeProfit, setTakeProfit] = useState('');
  // an order at the market, or one that waits for a level (docs/trading.md, "Pending entry orders")
  const [entry, setEntry] = useState<'market' | EntryKind>('market');
  const [entryPrice, setEntryPrice] = useState('');
  const [validity, setValidity] = useState<number>(PENDING_VALIDITY_CHOICES[1]);
  // the stop-loss field holds a trailing distance
  const [trailing, setTrailing] = useState(false);

  const pending = entry !== 'market';
  // a pending order's figures are those at its level
  const atPrice = pending && isPlainDecimal(entryPrice) ? entryPrice : price;
  const shownStop =
    trailing && isPlainDecimal(stopLoss) ? trailingStart(direction, atPrice, stopLoss, product.pricePrecision) : stopLoss || null;
  const draft: TicketDraft = {
    book,
    product,
    price: atPrice,
    available: loggedIn ? (available.data ?? null) : null,
    order: { direction, lots, leverage, period, stopLoss: shownStop, takeProfit: takeProfit || null },
    trailingDistance: trailing ? stopLoss || null : null,
  };
  const problem = ticketProblem(draft);
  const field = problem?.field ?? null;
  const problemAt = (f: TicketField) => (field === f ? refusalText(problem!.refusal) : null);
  // figures of an order that breaks a rule would be wrong (a "return" at a take-profit on the
  // losing side): none is shown until the field is fixed (the balance and the market hours do not
  // change the figures, so they stay)
  const figures = validOrderFigures(product, draft.order, atPrice, product.quoteRate);
  // a level on the wrong side leaves the position's own figures (value, margin, fee, stop-out) right: only the return and loss go
  const stopsOnly = field === 'stopLoss' || field === 'takeProfit' || field === 'combined';
  const position =
    figures ??
    (stopsOnly
      ? validOrderFigures(product, { ...draft.order, stopLoss: null, takeProfit: null }, atPrice, product.quoteRate)
      : null);
  const [view, send] = useFlow(orderTicketFlow, (s) => ({
    ...ticketView(s),
    // the machine's rules decide: an order it accepts may be reviewed; after a failure without an
    // answer (timeout, network) the same order is sent again at once, with its client key
    canReview: s.can({ type: 'ticket.review', draft }),
    canRetry: s.can({ type: 'ticket.retry', draft }),
  }));

  if (view.state === 'done' && view.result) {
    return (
      <div className={styles.opened} role="status" data-testid="ticket-done">
        <p>{t('orders.openedText', { orderNo: view.result.orderNo, price: view.result.openPrice })}</p>
        <div className={styles.actions}>
          <Link href={`/profile/orders/${view.result.id}`} className={styles.secondaryButton}>
            {t('orders.viewOrder')}
          </Link>
          <button
            type="button"
            className={styles.primaryButton}
            onClick={() => send({ type: 'ticket.reset' })}
            data-testid="ticket-again"
          >
            {t('orders.newOrder')}
          </button>
        </div>
      </div>
    );
  }
  const retrying = view.canRetry;
  const review = () => send(retrying ? { type: 'ticket.retry', draft } : { type: 'ticket.review', draft });
  const inputProps = (f: TicketField, describedBy: string) => ({
    'aria-invalid': field === f || undefined,
    'aria-describedby': field === f ? describedBy : undefined,
  });
  return (
    <form className={styles.ticket} onSubmit={(e) => (e.preventDefault(), review())} data-testid="ticket" data-side={direction}>
      {!product.tradable && (
        <p className={styles.warn} role="status" data-testid="not-tradable">
          {refusalText(problem?.refusal ?? null)}
        </p>
      )}
      <div className={styles.sides} role="radiogroup" aria-label={t('orders.side')}>
        {(['up', 'down'] as const).map((d) => (
          <button
            key={d}
            type="button"
            role="radio"
            aria-checked={direction === d}
            className={styles.side}
            data-dir={d}
            onClick={() => setDirection(d)}
            data-testid={`side-${d}`}
          >
            {t(`orders.dir.${d}`)}
          </button>
        ))}
      </div>
      <fieldset className={styles.chipsField}>
        <legend>{t('orders.pending.entry')}</legend>
        <div className={styles.chips}>
          {(['market', ...ENTRY_KINDS] as const).map((k) => (
            <button key={k} type="button" aria-pressed={entry === k} onClick={() => setEntry(k)} data-testid={`entry-${k}`}>
              {t(`orders.pending.kindShort.${k}`)}
            </button>
          ))}
        </div>
      </fieldset>
      {pending && (
        <>
          <label className={styles.field}>
            <span>
              {t(`orders.pending.kind.${entry}`)}{' '}
              <small className={styles.hint}>{t(`orders.pending.kindHint.${entry}.${direction}`)}</small>
            </span>
            <input
              inputMode="decimal"
              value={entryPrice}
              onChange={(e) => setEntryPrice(e.target.value.trim())}
              placeholder={price}
              data-testid="entry-price"
            />
          </label>
          <fieldset className={styles.chipsField}>
            <legend>{t('orders.pending.validity')}</legend>
            <div className={styles.chips}>
              {PENDING_VALIDITY_CHOICES.map((v) => (
                <button
                  key={v}
                  type="button"
                  aria-pressed={validity === v}
                  onClick={() => setValidity(v)}
                  data-testid={`validity-${v}`}
                >
                  {periodLabel(v, i18n.language)}
                </button>
              ))}
            </div>
          </fieldset>
        </>
      )}
      <label className={styles.field}>
        <span>
          {t('orders.lots')} <small className={styles.hint}>{t('orders.lotStep', { step: product.lotStep })}</small>
        </span>
        <span className={styles.stepper}>
          <button
            type="button"
            onClick={() => setLots(stepLots(lots, product.lotStep, -1))}
            aria-label={t('orders.fewer')}
            data-testid="lots-minus"
          >
            −
          </button>
          <input
            inputMode="decimal"
            value={lots}
            onChange={(e) => setLots(e.target.value.trim())}
            {...inputProps('lots', 'lots-problem')}
            data-testid="lots"
          />
          <button
            type="button"
            onClick={() => setLots(stepLots(lots, product.lotStep, 1))}
            aria-label={t('orders.more')}
            data-testid="lots-plus"
          >
            +
          </button>
        </span>
        <small id="lots-problem" className={styles.fieldProblem} data-testid={problemAt('lots') ? 'problem-lots' : undefined}>
          {problemAt('lots')}
        </small>
      </label>
      <fieldset className={styles.chipsField}>
        <legend>{t('orders.leverage')}</legend>
        <div className={styles.chips}>
          {product.leverageChoices.map((l) => (
            <button
              key={l}
              type="button"
              aria-pressed={leverage === l}
              onClick={() => setLeverage(l)}
              data-testid={`leverage-${l}`}
              className="num"
            >
              {l}×
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset className={styles.chipsField}>
        <legend>{t('orders.period')}</legend>
        <div className={styles.chips}>
          {product.periodChoices.map((p) => (
            <button key={p} type="button" aria-pressed={period === p} onClick={() => setPeriod(p)} data-testid={`period-${p}`}>
              {periodLabel(p, i18n.language)}
            </button>
          ))}
        </div>
      </fieldset>
      <div className={styles.stops}>
        <label className={styles.field}>
          <span>
            {t(trailing ? 'orders.trailingDistance' : 'orders.stopLoss')}{' '}
            <small className={styles.hint}>{t('orders.optional')}</small>
          </span>
          <input
            inputMode="decimal"
            value={stopLoss}
            onChange={(e) => setStopLoss(e.target.value.trim())}
            placeholder="—"
            {...inputProps(field === 'combined' ? 'combined' : 'stopLoss', 'stops-problem')}
            data-testid="stop-loss"
          />
        </label>
        <label className={styles.field}>
          <span>
            {t('orders.takeProfit')} <small className={styles.hint}>{t('orders.optional')}</small>
          </span>
          <input
            inputMode="decimal"
            value={takeProfit}
            onChange={(e) => setTakeProfit(e.target.value.trim())}
            placeholder="—"
            {...inputProps('takeProfit', 'stops-problem')}
            data-testid="take-profit"
          />
        </label>
        <label className={styles.check}>
          <input type="checkbox" checked={trailing} onChange={(e) => setTrailing(e.target.checked)} data-testid="trailing" />
          <span>{t('orders.trailing')}</span>
        </label>
        {/* one line under both levels, its room kept while empty: a problem does not move the figures */}
        <small id="stops-problem" className={styles.stopsProblem} data-testid={stopsProblemId(field)} aria-live="polite">
          {problemAt('stopLoss') ?? problemAt('combined') ?? problemAt('takeProfit')}
        </small>
      </div>
      <dl className={styles.figures} data-testid="ticket-figures">
        <Figure label={t('orders.price')} value={price} testId="fig-price" />
        <Figure label={t('orders.notional')} value={position && money(position.notional)} unit="USDT" testId="fig-notional" />
        <Figure label={t('orders.margin')} value={position && money(position.margin)} unit="USDT" testId="fig-margin" />
        <Figure label={t('orders.fee')} value={position && money(position.fee)} unit="USDT" testId="fig-fee" />
        <Figure
          label={takeProfit ? t('orders.expectedAtTp') : t('orders.expectedAt1')}
          value={figures && signed(figures.expectedReturn)}
          unit="USDT"
          tone={figures ? toneOf(figures.expectedReturn) : undefined}
          testId="fig-expected"
        />
        <Figure
          label={t('orders.maxLoss')}
          value={figures && signed(figures.maxLoss)}
          unit="USDT"
          tone={figures ? toneOf(figures.maxLoss) : undefined}
          testId="fig-maxloss"
        />
        <Figure label={t('orders.stopOut')} value={position?.stopOutPrice ?? null} testId="fig-stopout" />
        {loggedIn && (
          <Figure
            label={t('orders.available')}
            value={available.data ? money(available.data) : null}
            unit="USDT"
            testId="fig-available"
          />
        )}
      </dl>
      {pending &&
        (loggedIn ? (
          <PendingTicket
            draft={{
              book,
              product,
              price: product.tradable ? price : null,
              available: draft.available,
              order: { ...draft.order, stopLoss: stopLoss || null },
              entryKind: entry,
              entryPrice,
              validity,
              trailing,
            }}
          />
        ) : (
          <LoginPrompt />
        ))}
      {!pending && problemAt('balance') && (
        <p className={styles.problem} data-testid="problem-balance">
          {problemAt('balance')}
        </p>
      )}
      {!pending && view.refusal && !problem && (
        <p className={styles.refusal} role="alert" data-testid="ticket-refusal">
          {refusalText(view.refusal)}
        </p>
      )}
      {pending ? null : loggedIn ? (
        <>
          <p className={styles.bookLine}>
            <BookBadge book={book} /> {t(book === 'demo' ? 'orders.bookDemoHint' : 'orders.bookRealHint')}
          </p>
          <button
            type="submit"
            className={styles.submit}
            data-dir={direction}
            disabled={!retrying && !view.canReview}
            data-testid="review"
          >
            {retrying ? t('common.retry') : t(direction === 'up' ? 'orders.reviewUp' : 'orders.reviewDown')}
          </button>
        </>
      ) : (
        <LoginPrompt />
      )}
      {view.dialogOpen && view.draft && (
        <ConfirmDialog
          draft={view.draft}
          livePrice={price}
          busy={view.busy}
          onConfirm={() => send({ type: 'ticket.confirm', price })}
          onCancel={() => send({ type: 'ticket.cancel' })}
        />
      )}
    </form>
  );
}

/** The test id of the stops' problem line: which level it is about (none while both are fine). */
const stopsProblemId = (field: TicketField | null) =>
  field === 'stopLoss' || field === 'combined' ? 'problem-sl' : field === 'takeProfit' ? 'problem-tp' : undefined;
