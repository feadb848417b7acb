import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { reviewActionMachine } from '../../machines/platform/reviewAction.ts';
import type { AdminDeposit, AdminWithdrawal } from '../../contract/admin.ts';
import type { AdminKyc } from '../../contract/kyc.ts';
import type { AdminLoanDetail } from '../../contract/loans.ts';
import { adminApi } from './api.ts';
import { recordReviewed } from '../platform/queries/invalidation.ts';
import { kycReviewed } from '../kyc/index.ts';
import { loanReviewed } from '../loans/index.ts';
import { opsKeys } from './opsQueries.ts';

/**
 * The operator's review of one record with its effects: the decision sent to the operator API
 * (abort signal passed through); after it, the record as the service returned it replaces its
 * row in every cached page of its queue (and the open KYC or loan detail), so the row keeps its new
 * status until the queue is asked for again.
 */
export const reviewFlow = (client: QueryClient) =>
  reviewActionMachine.provide({
    actors: { submit: fromPromise(({ input, signal }) => adminApi.review(input, signal)) },
    actions: {
      reviewed: ({ context }, { result }) => {
        if (context.kind === 'kyc') kycReviewed(client, result as AdminKyc);
        else if (context.kind === 'loan') loanReviewed(client, result as AdminLoanDetail);
        else recordReviewed(client, context.kind, result as AdminDeposit | AdminWithdrawal);
        // a review opens the window or moves its idle limit, and shortens a queue
        void client.invalidateQueries({ queryKey: opsKeys.reviewWindow() });
        void client.invalidateQueries({ queryKey: opsKeys.queueAges() });
      },
    },
  });
