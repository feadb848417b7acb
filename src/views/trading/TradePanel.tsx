import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Direction } from '../../contract/optionsMath.ts';
import type { EntryKind } from '../../contract/pendingOrders.ts';
import type { OptionsProduct } from '../../contract/trading.ts';
import { ticketView, type TicketField } from '../../machines/trading/orderTicket.ts';
import type { PendingDraft } from '../../machines/trading/pendingOrderForm.ts';
import { orderTicketFlow } from '../../services/trading/flows.ts';
import { useOptionsProduct } from '../../services/trading/queries.ts';
import { useFlow, useRefusalText } from '../platform/app/useFlow.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import { LoginPrompt } from '../platform/components/LoginPrompt.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { PendingTicket } from './PendingTicket.tsx';
import {
  EntryFields,
  LotsField,
  ReviewButton,
  SidePicker,
  StopsFields,
  TermsFields,
  TicketDone,
  TicketFigures,
} from './ticketFields.tsx';
import { useOrderDraft, useTicketForm, type OrderDraft, type TicketForm } from './useOrderDraft.ts';
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

/** The order ticket: the fields, the order's figures, the review and the confirmation. */
function Ticket({
  product,
  fallbackPrice,
  direction,
  onDirection,
}: {
  product: OptionsProduct;
  fallbackPrice: string;
  direction: Direction;
  onDirection: (d: Direction) => void;
}) {
  const refusalText = useRefusalText();
  const form = useTicketForm(product);
  const order = useOrderDraft(product, fallbackPrice, direction, form);
  const { draft, problem, field, price, pending, loggedIn } = order;
  const problemAt = (f: TicketField) => (field === f ? refusalText(problem!.refusal) : null);
  const [view, send] = useFlow(orderTicketFlow, (s) => ({
    ...ticketView(s),
    // the machine's rules decide: an order it accepts may be reviewed; after a failure without an
    // answer (timeout, network) the same order is sent again at once, with its client key
    canReview: s.can({ type: 'ticket.review', draft }),
    canRetry: s.can({ type: 'ticket.retry', draft }),
  }));

  if (view.state === 'done' && view.result)
    return <TicketDone result={view.result} onAgain={() => send({ type: 'ticket.reset' })} />;
  const retrying = view.canRetry;
  const review = () => send(retrying ? { type: 'ticket.retry', draft } : { type: 'ticket.review', draft });
  return (
    <form className={styles.ticket} onSubmit={(e) => (e.preventDefault(), review())} data-testid="ticket" data-side={direction}>
      {!product.tradable && (
        <p className={styles.warn} role="status" data-testid="not-tradable">
          {refusalText(problem?.refusal ?? null)}
        </p>
      )}
      <SidePicker direction={direction} onDirection={onDirection} />
      <EntryFields form={form} direction={direction} price={price} />
      <LotsField form={form} product={product} field={field} problem={problemAt('lots')} />
      <TermsFields form={form} product={product} />
      <StopsFields
        form={form}
        field={field}
        problem={problemAt('stopLoss') ?? problemAt('combined') ?? problemAt('takeProfit')}
      />
      <TicketFigures order={order} withTakeProfit={!!form.takeProfit} />
      {form.entry !== 'market' &&
        (loggedIn ? <PendingTicket draft={pendingDraftOf(order, form, form.entry)} /> : <LoginPrompt />)}
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
        <ReviewButton order={order} direction={direction} retrying={retrying} disabled={!retrying && !view.canReview} />
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

/** The pending order the ticket describes: at the live price (none while the market is closed), its stop as typed. */
const pendingDraftOf = ({ book, draft, price }: OrderDraft, form: TicketForm, entryKind: EntryKind): PendingDraft => ({
  book,
  product: draft.product,
  price: draft.product.tradable ? price : null,
  available: draft.available,
  order: { ...draft.order, stopLoss: form.stopLoss || null },
  entryKind,
  entryPrice: form.entryPrice,
  validity: form.validity,
  trailing: form.trailing,
});
