import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { ReviewQueueName } from '../../contract/reviewQueues.ts';
import { bulkOutcome, reviewQueueMachine } from '../../machines/platform/reviewQueue.ts';
import { adminApi } from './api.ts';
import { adminKeys } from './queries.ts';
import { opsKeys } from './opsQueries.ts';

/** The queues with a bulk rejection route (POST /admin-api/<queue>/reject); KYC and loans decide one by one. */
export const BULK_QUEUES = ['deposits', 'withdrawals'] as const satisfies readonly ReviewQueueName[];
const bulkQueue = (q: ReviewQueueName): q is (typeof BULK_QUEUES)[number] => (BULK_QUEUES as readonly string[]).includes(q);

/**
 * Working a review queue (src/machines/platform/reviewQueue.ts) with its effects: a bulk rejection
 * goes to the queue's bulk route; after it the queue, its oldest-item age and the review window (a
 * review moves its idle limit) are asked for again. A queue without a bulk route never selects
 * (the view starts the machine with `bulkable: false`), so its bulkReject is never invoked.
 */
export const reviewQueueFlow = (queue: ReviewQueueName) => (client: QueryClient) =>
  reviewQueueMachine.provide({
    actors: {
      bulkReject: fromPromise(async ({ input, signal }) => {
        if (!bulkQueue(queue)) throw new Error(`the ${queue} queue has no bulk route`);
        const answer = await adminApi.bulkReject({ queue, ids: input.ids, reason: input.reason }, signal);
        void client.invalidateQueries({ queryKey: queue === 'deposits' ? adminKeys.deposits() : adminKeys.withdrawals() });
        void client.invalidateQueries({ queryKey: opsKeys.reviewWindow() });
        void client.invalidateQueries({ queryKey: opsKeys.queueAges() });
        return bulkOutcome(answer.rows);
      }),
    },
  });
