/**
 * Price alerts on the wire (docs/alerts.md): a level above or below the price, or a 24-hour move
 * of at least N % either way, per instrument; at most ALERT_LIMIT active per user. Shared by the
 * app and the server, with the one check both apply (`alertProblem`), so the form never sends
 * what the service refuses.
 */
import Decimal from 'decimal.js';
import { Type, type Static } from 'typebox';
import { IdString, IsoTime } from './envelope.ts';
import { Err } from './errors.ts';

/** Most active alerts per user (10295). */
export const ALERT_LIMIT = 50;
/** The move an alert may ask for, in percent (10298). */
export const ALERT_MOVE_MIN = '0.1';
export const ALERT_MOVE_MAX = '100';

export const ALERT_KINDS = ['above', 'below', 'move'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const AlertKindSchema = Type.Union([Type.Literal('above'), Type.Literal('below'), Type.Literal('move')]);

export const ALERT_PATHS = {
  list: '/swx/customer/alerts/list',
  create: '/swx/customer/alerts/create',
  update: '/swx/customer/alerts/update',
  remove: '/swx/customer/alerts/delete',
} as const;

const Value = Type.String({ pattern: '^[0-9]{1,20}(\\.[0-9]{1,18})?$', maxLength: 40 });

/** `value` is the price level of an above / below alert, the percent of a move alert. */
export const CreateAlertBody = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 20 }),
    kind: AlertKindSchema,
    value: Value,
  },
  { additionalProperties: false },
);
export type CreateAlertBody = Static<typeof CreateAlertBody>;

export const UpdateAlertBody = Type.Object(
  { id: IdString, kind: AlertKindSchema, value: Value },
  { additionalProperties: false },
);
export type UpdateAlertBody = Static<typeof UpdateAlertBody>;

export const DeleteAlertBody = Type.Object({ id: IdString }, { additionalProperties: false });

export const ListAlertsQuery = Type.Object(
  { code: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })) },
  { additionalProperties: false },
);

export const PriceAlertWire = Type.Object({
  id: IdString,
  code: Type.String(),
  kind: AlertKindSchema,
  value: Type.String(),
  status: Type.Union([Type.Literal('active'), Type.Literal('fired')]),
  createdAt: IsoTime,
  firedAt: Type.Union([IsoTime, Type.Null()]),
  /** the tick that fired it */
  firedPrice: Type.Union([Type.String(), Type.Null()]),
  firedMove: Type.Union([Type.String(), Type.Null()]),
});
export type PriceAlertWire = Static<typeof PriceAlertWire>;

export const PriceAlertList = Type.Object({ alerts: Type.Array(PriceAlertWire), limit: Type.Integer(), active: Type.Integer() });
export type PriceAlertList = Static<typeof PriceAlertList>;

export interface AlertProblem {
  code: number;
  params: Record<string, string>;
}

/**
 * The first rule an alert breaks at the instrument's current price and 24-hour move, or null:
 * a price positive with at most `precision` decimals (10296), not already reached (10297); a move
 * within ALERT_MOVE_MIN–MAX % with at most 2 decimals (10298), not already reached (10299).
 */
export function alertProblem(
  kind: AlertKind,
  value: string,
  price: string,
  changePct: number,
  precision: number,
): AlertProblem | null {
  let v: Decimal;
  try {
    v = new Decimal(value);
  } catch {
    return kind === 'move'
      ? { code: Err.ALERT_PERCENT_WRONG, params: { min: ALERT_MOVE_MIN, max: ALERT_MOVE_MAX } }
      : { code: Err.ALERT_PRICE_WRONG, params: { decimals: String(precision) } };
  }
  if (kind === 'move') {
    if (v.lt(ALERT_MOVE_MIN) || v.gt(ALERT_MOVE_MAX) || v.decimalPlaces() > 2)
      return { code: Err.ALERT_PERCENT_WRONG, params: { min: ALERT_MOVE_MIN, max: ALERT_MOVE_MAX } };
    const move = Math.abs(changePct).toFixed(2);
    if (v.lte(move)) return { code: Err.ALERT_MOVE_REACHED, params: { move, percent: v.toFixed() } };
    return null;
  }
  if (!v.gt(0) || v.decimalPlaces() > precision) return { code: Err.ALERT_PRICE_WRONG, params: { decimals: String(precision) } };
  if (kind === 'above' ? v.lte(price) : v.gte(price)) return { code: Err.ALERT_LEVEL_REACHED, params: { price } };
  return null;
}
