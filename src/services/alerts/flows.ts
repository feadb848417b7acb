import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { PriceAlertWire } from '../../contract/alerts.ts';
import { alertBody, alertFormMachine } from '../../machines/alerts/alertForm.ts';
import { alertsApi } from './api.ts';
import { alertKeys } from './queries.ts';

/**
 * The alert form with its effects: `submit` creates the alert, or edits the one the draft names
 * (only the code, kind and value go out: price and move were for the guard); after it every alert
 * list is asked again, then `onSaved` (the form empties or closes).
 */
export const alertFormFlow = (client: QueryClient, onSaved: (alert: PriceAlertWire) => void) =>
  alertFormMachine.provide({
    actors: {
      submit: fromPromise(({ input, signal }) => {
        const body = alertBody(input);
        return input.id === null
          ? alertsApi.create(body, signal)
          : alertsApi.update({ id: input.id, kind: body.kind, value: body.value }, signal);
      }),
    },
    actions: {
      submitted: (_, p) => {
        void client.invalidateQueries({ queryKey: alertKeys.all });
        onSaved(p.output);
      },
    },
  });
