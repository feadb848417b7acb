/**
 * Withdrawal protection on the wire: the address allowlist and the limits by verification level
 * (docs/wallet.md, "Address allowlist" and "Withdrawal limits"). Shared by browser and server.
 */
import { Type, type Static } from 'typebox';
import { AssetSchema, NetworkSchema } from './wallet.ts';
import { DecimalString, IdString, IsoTime, LiteralUnion } from './envelope.ts';

/** The most addresses one account saves (10239). */
export const ALLOWLIST_MAX = 20;

/**
 * 'off': withdrawals go anywhere; 'on': only to saved addresses that are usable; 'turningOff':
 * the user turned it off and it still applies until `offAt`.
 */
export const ALLOWLIST_STATUSES = ['off', 'on', 'turningOff'] as const;
export type AllowlistStatus = (typeof ALLOWLIST_STATUSES)[number];

export const SavedAddress = Type.Object({
  id: IdString,
  network: NetworkSchema,
  address: Type.String(),
  label: Type.String(),
  /** from when a withdrawal may go to it */
  activeAt: IsoTime,
  usable: Type.Boolean(),
  createdAt: IsoTime,
});
export type SavedAddress = Static<typeof SavedAddress>;

export const Allowlist = Type.Object({
  status: LiteralUnion(ALLOWLIST_STATUSES),
  /** when a pending turn-off takes effect (status 'turningOff'), else null */
  offAt: Type.Union([IsoTime, Type.Null()]),
  /** hours a new address waits, and a turn-off waits (ALLOWLIST_DELAY_HOURS) */
  delayHours: Type.Integer(),
  addresses: Type.Array(SavedAddress),
});
export type Allowlist = Static<typeof Allowlist>;

/** POST /swx/customer/user/allowlist/addresses: the address is checked for its network (10041). */
export const SaveAddressBody = Type.Object(
  {
    network: NetworkSchema,
    address: Type.String({ minLength: 1, maxLength: 120 }),
    label: Type.Optional(Type.String({ maxLength: 40 })),
  },
  { additionalProperties: false },
);
export type SaveAddressBody = Static<typeof SaveAddressBody>;

/** POST /swx/customer/user/allowlist: on at once; off after the delay. */
export const AllowlistSwitchBody = Type.Object({ on: Type.Boolean() }, { additionalProperties: false });
export type AllowlistSwitchBody = Static<typeof AllowlistSwitchBody>;

export const AddressIdParams = Type.Object({ id: IdString }, { additionalProperties: false });
export const RemovedAddress = Type.Object({ id: IdString, removed: Type.Boolean() });
export type RemovedAddress = Static<typeof RemovedAddress>;

export const LIMIT_LEVELS = ['basic', 'verified'] as const;
export type LimitLevel = (typeof LIMIT_LEVELS)[number];

/** One asset's limits and what the account used of them, all in USDT. */
export const AssetLimit = Type.Object({
  asset: AssetSchema,
  dayLimit: DecimalString(),
  dayUsed: DecimalString(),
  dayLeft: DecimalString(),
  monthLimit: DecimalString(),
  monthUsed: DecimalString(),
  monthLeft: DecimalString(),
});
export type AssetLimit = Static<typeof AssetLimit>;

/** GET /swx/customer/user/withdrawalLimits. */
export const WithdrawalLimits = Type.Object({
  level: LiteralUnion(LIMIT_LEVELS),
  /** the next 00:00 UTC, when every daily limit starts over */
  dayResetsAt: IsoTime,
  rows: Type.Array(AssetLimit),
});
export type WithdrawalLimits = Static<typeof WithdrawalLimits>;
