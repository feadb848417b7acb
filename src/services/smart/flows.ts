import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { Ok } from '../../contract/errors.ts';
import { smartBuyMachine } from '../../machines/smart/smartBuy.ts';
import { smartExitMachine } from '../../machines/smart/smartExit.ts';
import { i18n } from '../../i18n/index.ts';
import { invalidateKeys } from '../platform/queries/invalidation.ts';
import { planChanged } from './changes.ts';
import { smartApi } from './api.ts';
import { toast } from '../platform/toast.ts';

/**
 * The smart plan flows with their effects: the purchase (buySmart with the machine's client key,
 * machines/clientKey.ts) and the early exit (the quote, then exitSmart). After a success the
 * plans, the real book's balances and the reserve figures are asked again here (the live user
 * event may come later, or not at all when the socket is down).
 */
export const smartBuyFlow = (client: QueryClient) =>
  smartBuyMachine.provide({
    actors: {
      // only the values go out: the product and balance were for the guard
      submit: fromPromise(({ input, signal }) =>
        smartApi.buy({ productId: input.productId, days: input.days, amount: input.amount }, input.clientKey, signal),
      ),
    },
    actions: {
      submitted: () => {
        toast(i18n.t(`errors:${Ok.PURCHASE_SUCCESSFUL}`), 'success');
        void invalidateKeys(client, planChanged());
      },
    },
  });

export const smartExitFlow = (client: QueryClient) =>
  smartExitMachine.provide({
    actors: {
      quote: fromPromise(({ input, signal }) => smartApi.exitQuote(input.id, signal)),
      exit: fromPromise(({ input, signal }) => smartApi.exit(input.id, signal)),
    },
    actions: { exited: () => void invalidateKeys(client, planChanged()) },
  });
