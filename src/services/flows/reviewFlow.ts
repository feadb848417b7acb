import { fromPromise } from 'xstate';
import { reviewActionMachine } from '../../machines/reviewAction.ts';
import type { AdminDeposit, AdminWithdrawal } from '../../contract/admin.ts';
import type { AdminKyc } from '../../contract/kyc.ts';
import { adminApi } from '../adminApi.ts';

/**
 * The operator's review of one record with its effects: the decision sent to the operator API
 * (abort signal passed through); after it, the row is handed the record as the service returned
 * it (its queue puts it in the cache: src/services/queries/invalidation.ts recordReviewed).
 */
export const reviewFlow = <T extends AdminDeposit | AdminWithdrawal | AdminKyc>(onReviewed: (record: T) => void) =>
  reviewActionMachine.provide({
    actors: { submit: fromPromise(({ input, signal }) => adminApi.review(input, signal)) },
    actions: { reviewed: (_, { result }) => onReviewed(result as T) },
  });
