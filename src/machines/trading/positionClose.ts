import type { Book } from '../../contract/constants.ts';
import { Err } from '../../contract/errors.ts';
import type { OptionsPosition } from '../../contract/trading.ts';
import { optionsOrderMachine } from './optionsOrder.ts';
import { refused, type Refusal } from '../platform/refusal.ts';
import { submissionMachine } from '../platform/submission.ts';

/**
 * Closing an open position by hand (docs/trading.md, "Closing and settlement"). Closing realises
 * the position's result in its book at the market price, so it is never one tap: the shared
 * submission chart with its confirmation step (src/machines/platform/submission.ts). The Close button
 * submits the position; the dialog states the book, the margin that comes back and the result
 * after both fees at the price now; only its confirm sends closeOptions. One flow serves a
 * whole table (one dialog at a time); after a close the table sends `positionClose.reset`.
 */
export interface CloseDraft {
  /** the book the position belongs to: the close is sent there, whatever book is selected */
  book: Book;
  position: Pick<
    OptionsPosition,
    'id' | 'status' | 'book' | 'code' | 'direction' | 'lots' | 'leverage' | 'margin' | 'orderNo' | 'openPrice' | 'net' | 'terms'
  >;
  /** the instrument trades now (market open, price fresh); null while unknown (the service decides) */
  tradable: boolean | null;
}

const live = (status: string) => optionsOrderMachine.resolveState({ value: status, context: undefined as never }).hasTag('live');

/** Why the position cannot be closed now (the code the service would give), or null. */
export function closeRefusal(d: CloseDraft): Refusal | null {
  if (!live(d.position.status)) return refused(Err.POSITION_CLOSED);
  if (d.tradable === false) return refused(Err.NOT_TRADABLE);
  return null;
}

export const positionCloseMachine = submissionMachine<'positionClose', CloseDraft, OptionsPosition>({
  id: 'positionClose',
  check: closeRefusal,
  again: true,
  confirm: true,
});
