import type { QueueFilter as ContractFilter } from '../../../contract/reviewQueues.ts';

/**
 * A review queue as a console screen asks for it (deposits, withdrawals, KYC, loans): its status
 * ('all': any), the customer, the contract's filters (src/contract/reviewQueues.ts), a queue's own
 * (`Own`: a coin, a network) and the page (`after`: the cursor of the page before).
 */
export type ReviewQueueFilter<S extends string, Own extends object = object> = ContractFilter &
  Own & { status: S | 'all'; userId?: string; page: number; pageSize: number };

/** The filter on the wire: unset fields left out, the page number only without a cursor, no status for 'all'. */
export function queueQuery<S extends string, Own extends object>({
  status,
  page,
  ...rest
}: ReviewQueueFilter<S, Own>): Omit<ReviewQueueFilter<S, Own>, 'status' | 'page'> & { status?: S; pageNum?: number } {
  const set = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== '')) as typeof rest;
  return { ...set, ...(rest.after ? {} : { pageNum: page }), ...(status === 'all' ? {} : { status: status as S }) };
}
