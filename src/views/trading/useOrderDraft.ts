import { useState } from 'react';
import { trailingStart } from '../../contract/entryMath.ts';
import { isPlainDecimal, validOrderFigures, type Direction } from '../../contract/optionsMath.ts';
import { PENDING_VALIDITY_CHOICES, type EntryKind } from '../../contract/pendingOrders.ts';
import type { OptionsProduct } from '../../contract/trading.ts';
import { ticketProblem, type TicketDraft } from '../../machines/trading/orderTicket.ts';
import { useBook } from '../../services/platform/queries/scope.ts';
import { useAvailable } from '../../services/wallet/index.ts';
import { useQuote, useSession } from '../platform/app/hooks.ts';

const defaultOf = (choices: readonly number[], preferred: number) =>
  choices.includes(preferred) ? preferred : (choices[0] ?? preferred);

/** What the customer has typed or chosen on the order ticket, with the setters its fields use. */
export function useTicketForm(product: OptionsProduct) {
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
  return {
    ...{ lots, setLots, leverage, setLeverage, period, setPeriod, stopLoss, setStopLoss, takeProfit, setTakeProfit },
    ...{ entry, setEntry, entryPrice, setEntryPrice, validity, setValidity, trailing, setTrailing },
  };
}
export type TicketForm = ReturnType<typeof useTicketForm>;

/**
 * The order the ticket describes, at the live feed price (at its level for a pending order): the
 * machine's draft, the first rule it breaks, and the figures that may be shown while it does.
 */
export function useOrderDraft(product: OptionsProduct, fallbackPrice: string, direction: Direction, form: TicketForm) {
  const { loggedIn } = useSession();
  const book = useBook();
  const quote = useQuote(product.code);
  const price = quote?.price ?? fallbackPrice;
  const available = useAvailable('USDT', loggedIn);
  const { lots, leverage, period, stopLoss, takeProfit, trailing, entry, entryPrice } = form;
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
  return { loggedIn, book, price, available: available.data ?? null, pending, draft, problem, field, figures, position };
}
export type OrderDraft = ReturnType<typeof useOrderDraft>;
