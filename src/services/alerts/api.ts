import {
  ALERT_PATHS,
  type CreateAlertBody,
  type PriceAlertList,
  type PriceAlertWire,
  type UpdateAlertBody,
} from '../../contract/alerts.ts';
import { call } from '../platform/api.ts';

/** Price alerts: they belong to the user, not a book. */
export const alertsApi = {
  list: (code: string | undefined, signal?: AbortSignal) =>
    call<PriceAlertList>(ALERT_PATHS.list, { query: code ? { code } : {}, signal }),
  create: (body: CreateAlertBody, signal?: AbortSignal) =>
    call<PriceAlertWire>(ALERT_PATHS.create, { method: 'POST', body, signal }),
  update: (body: UpdateAlertBody, signal?: AbortSignal) =>
    call<PriceAlertWire>(ALERT_PATHS.update, { method: 'POST', body, signal }),
  remove: (id: string, signal?: AbortSignal) => call<null>(ALERT_PATHS.remove, { method: 'POST', body: { id }, signal }),
};
