import { fromPromise } from 'xstate';
import { Ok } from '../../contract/errors.ts';
import { smartBuyMachine, type SmartBuyValues } from '../../machines/smartBuy.ts';
import { smartExitMachine } from '../../machines/smartExit.ts';
import { i18n } from '../../i18n/index.ts';
import type { SmartPlan } from '../smartApi.ts';
import { smartApi } from '../smartApi.ts';
import { toast } from '../toast.ts';

/**
 * The smart plan flows with their effects: the purchase (buySmart with a client key) and the
 * early exit (the quote, then exitSmart). After a success the screen's callback asks again for
 * what changed (the live user event may come later, or not at all when the socket is down).
 */

/**
 * The purchase's client key: one per plan the user means to buy. Sending the same values again
 * after a failure (a timeout whose request may have arrived) reuses the key, so the service
 * answers with the first plan instead of buying twice; a success or other values start a new one.
 */
export function purchaseKeys(newKey: () => string = () => crypto.randomUUID()) {
  let last: { values: string; key: string } | null = null;
  return {
    keyFor(v: SmartBuyValues): string {
      const id = JSON.stringify([v.productId, v.days, v.amount.trim()]);
      if (last?.values !== id) last = { values: id, key: newKey() };
      return last.key;
    },
    used() {
      last = null;
    },
  };
}

export const smartBuyFlow = (onBought: (plan: SmartPlan) => void) => {
  const keys = purchaseKeys();
  return smartBuyMachine.provide({
    actors: {
      // only the values go out: the product and balance were for the guard
      submit: fromPromise(({ input, signal }) => {
        const values = { productId: input.productId, days: input.days, amount: input.amount };
        return smartApi.buy(values, keys.keyFor(values), signal);
      }),
    },
    actions: {
      submitted: (_, { output }) => {
        keys.used();
        toast(i18n.t(`errors:${Ok.PURCHASE_SUCCESSFUL}`), 'success');
        onBought(output);
      },
    },
  });
};

export const smartExitFlow = (onExited: (plan: SmartPlan) => void) =>
  smartExitMachine.provide({
    actors: {
      quote: fromPromise(({ input, signal }) => smartApi.exitQuote(input.id, signal)),
      exit: fromPromise(({ input, signal }) => smartApi.exit(input.id, signal)),
    },
    actions: { exited: (_, { plan }) => onExited(plan) },
  });
