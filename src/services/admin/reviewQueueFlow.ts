import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { bulkOutcome, reviewQueueMachine } from '../../machines/platform/reviewQueue.ts';
import { adminApi } from './api.ts';
import { adminKeys } from './queries.ts';
import { opsKeys } from './opsQueries.ts';

/**
 * Working a deposit or withdrawal queue (src/machines/platform/reviewQueue.ts) with its effects:
 * a bulk rejection goes to the queue's bulk route; after it the queue, its oldest-item age and the
 * review window (a review moves its idle limit) are asked for again.
 */
export const reviewQueueFlow = (queue: 'deposits' | 'withdrawals') => (client: QueryClient) =>
  reviewQueueMachine.provide({
    actors: {
      bulkReject: fromPromise(async ({ input, signal }) => {
        const answer = await adminApi.bulkReject({ queue, ids: input.ids, reason: input.reason }, signal);
        void client.invalidateQueries({ queryKey: queue === 'deposits' ? adminKeys.deposits() : adminKeys.withdrawals() });
        void client.invalidateQueries({ queryKey: opsKeys.reviewWindow() });
        void client.invalidateQueries({ queryKey: opsKeys.queueAges() });
        return bulkOutcome(answer.rows);
      }),
    },
  });
