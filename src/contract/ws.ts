import { Type, type Static } from 'typebox';
import { PriceSourceSchema } from './market.ts';
import { UserEventSchema, type UserEventMessage } from './userEvents.ts';

/**
 * Price websocket contract (issue 3), path WS_PATH. Shared by browser and server.
 *
 * Server -> client:
 *  - a JSON ARRAY is always prices: the first message after connect is the full list (every
 *    instrument, or the subscribed subset); later arrays are batched changes, coalesced per
 *    code, at most WS_FLUSH_PER_SECOND per second. (The original client replaces its list on
 *    any message containing '['.)
 *  - a JSON OBJECT has a `type`: meta, ping, pong, user, auth, subscribed, error. The frames a
 *    client gets without asking (meta, ping) hold no array, so no '[' either: such a client
 *    ignores them (docs/market.md, "Websocket").
 * Client -> server: JSON objects subscribe, auth, ping, pong.
 * Heartbeat: the server sends protocol ping frames AND {"type":"ping"} every WS_HEARTBEAT_MS;
 * a client that answers neither within 2 heartbeats is closed.
 */
export const WS_PATH = '/ws';
export const WS_HEARTBEAT_MS = 20_000;
/** Batched price changes are flushed at most this often per client. */
export const WS_FLUSH_PER_SECOND = 2;
/** Longest subscribe list accepted. */
export const WS_MAX_SUBSCRIBE = 1000;

/**
 * One price on the wire: code, last price (decimal string), 24h change percent as `zdf`. Code on
 * both sides uses PriceTick (`change24hPct`) and converts with tickToWire / ticksFromWire.
 */
export const WsTick = Type.Object({ code: Type.String(), price: Type.String(), zdf: Type.Number() });
export type WsTick = Static<typeof WsTick>;
export const WsPrices = Type.Array(WsTick);
export type WsPrices = Static<typeof WsPrices>;

// the conversions live apart (wsWire.ts), so the browser's price feed imports them without this
// module, whose user-event schema would follow them into the home page's JavaScript
export { staleFromWire, staleToWire, tickFromWire, tickToWire, ticksFromWire, type PriceTick } from './wsWire.ts';

export const WsMeta = Type.Object({
  type: Type.Literal('meta'),
  /** True when any price on this feed is simulated (the app shows a "simulated" label). */
  simulated: Type.Boolean(),
  source: PriceSourceSchema,
  /**
   * Codes whose price is currently stale (not tradable), as the keys of an object (`{"DOGEUSDT":true}`),
   * not an array: the published client replaces its market list on any message containing '['.
   * `staleToWire` / `staleFromWire` convert.
   */
  stale: Type.Record(Type.String(), Type.Literal(true)),
  serverTime: Type.String(),
});
export type WsMeta = Static<typeof WsMeta>;
export const WsPing = Type.Object({ type: Type.Literal('ping'), t: Type.Number() });
export type WsPing = Static<typeof WsPing>;
/** Answer to a client's {"type":"ping"}. */
export const WsPong = Type.Object({ type: Type.Literal('pong'), t: Type.Number() });
export type WsPong = Static<typeof WsPong>;
/** A bus message of channel user:<id>, forwarded after a successful auth: one of the user events (src/contract/userEvents.ts). */
export const WsUserEvent = Type.Object({ type: Type.Literal('user'), event: UserEventSchema });
export type WsUserEvent = { type: 'user'; event: UserEventMessage };
export const WsAuthResult = Type.Object({ type: Type.Literal('auth'), ok: Type.Boolean(), code: Type.Optional(Type.Integer()) });
export type WsAuthResult = Static<typeof WsAuthResult>;
/** Acknowledges a subscribe; codes the server does not list are left out (and named in `unknown`). */
export const WsSubscribed = Type.Object({
  type: Type.Literal('subscribed'),
  codes: Type.Union([Type.Array(Type.String()), Type.Null()]),
  unknown: Type.Array(Type.String()),
});
export type WsSubscribed = Static<typeof WsSubscribed>;
/** A refused client message (catalogue code, e.g. 10030 malformed). The socket stays open. */
export const WsError = Type.Object({ type: Type.Literal('error'), code: Type.Integer(), msg: Type.String() });
export type WsError = Static<typeof WsError>;

export type WsServerObject = WsMeta | WsPing | WsPong | WsUserEvent | WsAuthResult | WsSubscribed | WsError;
export type WsServerMessage = WsPrices | WsServerObject;

/** Restrict the stream to these codes (null = everything). Answered by the full list of the subset. */
export const WsSubscribe = Type.Object(
  {
    type: Type.Literal('subscribe'),
    codes: Type.Union([Type.Array(Type.String({ maxLength: 20 }), { maxItems: WS_MAX_SUBSCRIBE }), Type.Null()]),
  },
  { additionalProperties: false },
);
export type WsSubscribe = Static<typeof WsSubscribe>;
/** Join the per-user channel with a session token. */
/**
 * Joins the user's event channel (`user:<id>`). An empty or invalid token leaves it (answer:
 * auth ok:false code 401). Every event is forwarded only while the session is still valid: after
 * a logout, a password change or expiry the socket is told auth ok:false and hears nothing more.
 */
export const WsAuth = Type.Object(
  { type: Type.Literal('auth'), token: Type.String({ maxLength: 200 }) },
  { additionalProperties: false },
);
export type WsAuth = Static<typeof WsAuth>;
export const WsClientPing = Type.Object(
  { type: Type.Union([Type.Literal('ping'), Type.Literal('pong')]), t: Type.Optional(Type.Number()) },
  { additionalProperties: false },
);
export type WsClientPing = Static<typeof WsClientPing>;
export const WsClientMessage = Type.Union([WsSubscribe, WsAuth, WsClientPing]);
export type WsClientMessage = Static<typeof WsClientMessage>;
