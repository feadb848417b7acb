/**
 * Deposits credited from the chain (docs/wallet.md, "Deposits from the chain"): each customer's own
 * address per watched network, the deposits the watcher saw with their confirmations, and the
 * operators' view of each network. Shared by browser and server: TypeBox only.
 */
import { Type, type Static } from 'typebox';
import { CHAIN_DEPOSIT_STATUSES } from '../machines/chain/chainDeposit.ts';
import { DecimalString, IdString, IsoTime, LiteralUnion, Page, PageQuery } from './envelope.ts';
import { AssetSchema, NetworkSchema } from './wallet.ts';

export { CHAIN_DEPOSIT_STATUSES, type ChainDepositStatus } from '../machines/chain/chainDeposit.ts';
export const ChainDepositStatusSchema = LiteralUnion(CHAIN_DEPOSIT_STATUSES);

/** GET /swx/customer/user/chainAddresses: one row per watched coin and network (empty when none is watched). */
export const ChainAddress = Type.Object({
  coin: AssetSchema,
  network: NetworkSchema,
  /** the customer's own address (EIP-55 checksummed); the same one for every coin of the network */
  address: Type.String(),
  /** QR code of the address as an SVG data URL */
  qr: Type.String(),
  /** below it a deposit is recorded and shown, never credited */
  minAmount: DecimalString(),
  /** the confirmations a deposit waits for before it is credited */
  confirmations: Type.Integer(),
});
export type ChainAddress = Static<typeof ChainAddress>;
export const ChainAddressList = Type.Object({ rows: Type.Array(ChainAddress) });
export type ChainAddressList = Static<typeof ChainAddressList>;

/** One deposit as the chain showed it, with how far it is confirmed. */
export const ChainDeposit = Type.Object({
  id: IdString,
  coin: AssetSchema,
  network: NetworkSchema,
  chainId: Type.Integer(),
  txHash: Type.String(),
  /** the Transfer log's index in its block; -1 for native ETH */
  logIndex: Type.Integer(),
  blockNumber: Type.Integer(),
  from: Type.String(),
  to: Type.String(),
  /** at the asset's precision, rounded toward zero: what is (or would be) credited */
  amount: DecimalString(),
  status: ChainDepositStatusSchema,
  /** blocks on top of it, its own included, up to `required` ("confirming k/N") */
  confirmations: Type.Integer(),
  required: Type.Integer(),
  /** the coin's minimum, named when the deposit is below it (the reason it is not credited) */
  minAmount: Type.Union([DecimalString(), Type.Null()]),
  createdAt: IsoTime,
  creditedAt: Type.Union([IsoTime, Type.Null()]),
});
export type ChainDeposit = Static<typeof ChainDeposit>;

/** GET /swx/customer/user/chainDeposits (real book) */
export const ChainDepositQuery = Type.Object(
  { ...PageQuery, status: Type.Optional(ChainDepositStatusSchema) },
  { additionalProperties: false },
);
export type ChainDepositQuery = Static<typeof ChainDepositQuery>;
export const ChainDepositPage = Page(ChainDeposit);
export type ChainDepositPage = Static<typeof ChainDepositPage>;

/** A deposit in an operator's view: whose it is. */
export const AdminChainDeposit = Type.Object({ ...ChainDeposit.properties, userId: IdString });
export type AdminChainDeposit = Static<typeof AdminChainDeposit>;

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

/** GET /admin-api/chain/networks: every network deposits arrive on, watched or not. */
export const AdminChainNetwork = Type.Object({
  network: NetworkSchema,
  coins: Type.Array(AssetSchema),
  /** false: deposits on it are claims with a proof, reviewed by operators */
  watched: Type.Boolean(),
  chainId: Nullable(Type.Integer()),
  confirmations: Nullable(Type.Integer()),
  /** the node's latest block when last asked, and when */
  head: Nullable(Type.Integer()),
  headAt: Nullable(IsoTime),
  lastProcessed: Nullable(Type.Integer()),
  /** head − last processed */
  lag: Nullable(Type.Integer()),
  lastError: Nullable(Type.String()),
  lastErrorAt: Nullable(IsoTime),
  /** the deposits waiting for their confirmations (at most 100, oldest first) */
  confirming: Type.Array(AdminChainDeposit),
});
export type AdminChainNetwork = Static<typeof AdminChainNetwork>;
export const AdminChainNetworkList = Type.Object({ rows: Type.Array(AdminChainNetwork) });
export type AdminChainNetworkList = Static<typeof AdminChainNetworkList>;

/** GET /admin-api/chain/incidents: what the watcher flagged and never decides alone. */
export const ChainIncident = Type.Object({
  id: IdString,
  network: NetworkSchema,
  /** credited_reorged: a credited deposit's block was reorganised away (deeper than the confirmations) */
  kind: LiteralUnion(['credited_reorged', 'history_exhausted', 'recredit_held'] as const),
  depositId: Nullable(IdString),
  blockNumber: Type.Integer(),
  details: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null()])),
  createdAt: IsoTime,
  /** an operator's acknowledgement after handling it off the platform: who, when, what they did (all null while open) */
  resolvedAt: Nullable(IsoTime),
  resolvedBy: Nullable(IdString),
  resolutionNote: Nullable(Type.String()),
});
export type ChainIncident = Static<typeof ChainIncident>;
export const ChainIncidentPage = Page(ChainIncident);
export type ChainIncidentPage = Static<typeof ChainIncidentPage>;
export const ChainIncidentQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });

/**
 * POST /admin-api/chain/incidents/:id/resolve { note }: the operator says what was done off the
 * platform (at least one visible character). It moves no money (docs/wallet.md, "Incidents").
 */
export const ChainIncidentResolveBody = Type.Object(
  { note: Type.String({ minLength: 1, maxLength: 1000, pattern: '\\S' }) },
  { additionalProperties: false },
);
export type ChainIncidentResolveBody = Static<typeof ChainIncidentResolveBody>;
export const ChainIncidentParams = Type.Object({ id: IdString }, { additionalProperties: false });

/** GET /admin-api/chain/sweeps: deposit addresses collected to the hot wallet (docs/wallet.md, "Sweeps"). */
export const SWEEP_STATES = ['fueling', 'sending', 'sent', 'confirmed', 'failed'] as const;
export const AdminChainSweep = Type.Object({
  id: IdString,
  network: NetworkSchema,
  coin: AssetSchema,
  /** the deposit address it collects */
  from: Type.String(),
  /** the hot wallet it goes to */
  to: Type.String(),
  /** in the coin's units, at the chain's precision */
  amount: Type.String(),
  state: LiteralUnion(SWEEP_STATES),
  txHash: Nullable(Type.String()),
  link: Nullable(Type.String()),
  /** the hot wallet's gas transfer before a token sweep */
  fuelTxHash: Nullable(Type.String()),
  blockNumber: Nullable(Type.Integer()),
  confirmations: Type.Integer(),
  required: Type.Integer(),
  lastError: Nullable(Type.String()),
  createdAt: IsoTime,
  confirmedAt: Nullable(IsoTime),
});
export type AdminChainSweep = Static<typeof AdminChainSweep>;
export const AdminChainSweepPage = Type.Object({
  rows: Type.Array(AdminChainSweep),
  /** the `before` of the next page, null on the last */
  next: Nullable(IdString),
});
export type AdminChainSweepPage = Static<typeof AdminChainSweepPage>;
export const AdminChainSweepQuery = Type.Object(
  {
    before: Type.Optional(IdString),
    state: Type.Optional(LiteralUnion(SWEEP_STATES)),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  },
  { additionalProperties: false },
);
export type AdminChainSweepQuery = Static<typeof AdminChainSweepQuery>;
