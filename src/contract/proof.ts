/**
 * Proof of liabilities and reserves on the wire (docs/ledger.md, "Proof of liabilities"): the
 * public summary (/swx/customer/index/proof), a customer's inclusion proof
 * (/swx/customer/user/proof) and the operators' reserve declarations (/admin-api/reserves).
 * The hashing rules are in merkleSum.ts.
 */
import { Type, type Static } from 'typebox';
import { ASSETS } from './constants.ts';
import { AmountString, DecimalString, IdString, IsoTime, LiteralUnion } from './envelope.ts';
import { LEGACY_FORMAT, MAX_PARTS, PROOF_FORMAT } from './merkleSum.ts';
import { NetworkSchema } from './wallet.ts';

const AssetSchema = LiteralUnion(ASSETS);
const Hash = Type.String({ pattern: '^[0-9a-f]{64}$' });
const Sums = Type.Array(DecimalString(), { maxItems: 16 });
const ProofStepSchema = Type.Object({ hash: Hash, sums: Sums });
const ClientKey = Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]{8,64}$' });
const Text = (max: number) => Type.String({ minLength: 1, maxLength: max, pattern: '\\S' });

const ProofHeader = {
  snapshotId: IdString,
  takenAt: IsoTime,
  assets: Type.Array(Type.String(), { maxItems: 16 }),
  decimals: Type.Array(Type.Integer({ minimum: 0, maximum: 18 }), { maxItems: 16 }),
  account: IdString,
  /** the customer's balances per asset (pol2: the sum of the parts) */
  balances: Sums,
  leafCount: Type.Integer({ minimum: 1 }),
  root: ProofStepSchema,
};
const Path = Type.Array(ProofStepSchema, { maxItems: 30 });

/** A pol2 proof (docs/ledger.md): every random part of the customer's balances with its own path. */
export const SplitInclusionProof = Type.Object({
  format: Type.Literal(PROOF_FORMAT),
  ...ProofHeader,
  parts: Type.Array(Type.Object({ index: Type.Integer({ minimum: 0 }), salt: Hash, amounts: Sums, path: Path }), {
    minItems: 2,
    maxItems: MAX_PARTS,
  }),
});
/** A pol1 proof (snapshots before the split): the customer's one leaf and its path. */
export const LegacyInclusionProof = Type.Object({
  format: Type.Literal(LEGACY_FORMAT),
  ...ProofHeader,
  salt: Hash,
  index: Type.Integer({ minimum: 0 }),
  path: Path,
});
export const InclusionProof = Type.Union([SplitInclusionProof, LegacyInclusionProof]);
export type InclusionProof = Static<typeof InclusionProof>;

/** How a holdings figure came to be: checked by a named third party, or only the operator's word. */
export const HOLDING_KINDS = ['attested', 'declared'] as const;
export type HoldingKind = (typeof HOLDING_KINDS)[number];

export const ReserveHolding = Type.Object({
  asset: AssetSchema,
  amount: DecimalString(),
  kind: LiteralUnion(HOLDING_KINDS),
  asOf: IsoTime,
  declaredAt: IsoTime,
  attestor: Type.Union([Type.String(), Type.Null()]),
  reportRef: Type.Union([Type.String(), Type.Null()]),
});
export type ReserveHolding = Static<typeof ReserveHolding>;

export const ReserveWallet = Type.Object({
  id: IdString,
  asset: AssetSchema,
  network: NetworkSchema,
  address: Type.String(),
  label: Type.String(),
  declaredAt: IsoTime,
});
export type ReserveWallet = Static<typeof ReserveWallet>;

const BlockHash = Type.String({ pattern: '^0x[0-9a-f]{64}$' });

/**
 * The platform's recorded wallets on a watched chain read from its node at one block, taken with
 * a snapshot of liabilities (server/proof/reserves/onChain.ts): native ETH and the token's balanceOf.
 */
export const OnChainReading = Type.Object({
  network: NetworkSchema,
  chainId: Type.Integer(),
  block: Type.Integer({ minimum: 0 }),
  blockHash: BlockHash,
  blockTime: IsoTime,
  wallets: Type.Array(Type.Object({ asset: AssetSchema, address: Type.String(), amount: DecimalString() })),
});
export type OnChainReading = Static<typeof OnChainReading>;

/** An asset's holdings as the node reported them at the snapshot's block, beside its liabilities. */
export const OnChainHolding = Type.Object({
  amount: DecimalString(),
  network: NetworkSchema,
  block: Type.Integer({ minimum: 0 }),
  blockHash: BlockHash,
  blockTime: IsoTime,
  /** the block on a public explorer; null on a chain without one (a local node) */
  link: Type.Union([Type.String(), Type.Null()]),
  /** the wallets read (their number) */
  wallets: Type.Integer({ minimum: 1 }),
  /** on-chain ÷ liabilities to 4 places, null when liabilities are 0 */
  ratio: Type.Union([DecimalString(), Type.Null()]),
});
export type OnChainHolding = Static<typeof OnChainHolding>;

/** One asset on the public page: liabilities (proven) beside holdings (attested or declared) and on-chain. */
export const ProofAssetLine = Type.Object({
  asset: AssetSchema,
  liabilities: DecimalString(),
  holding: Type.Union([ReserveHolding, Type.Null()]),
  /** holdings ÷ liabilities to 4 places, null when either is missing or liabilities are 0 */
  ratio: Type.Union([DecimalString(), Type.Null()]),
  /** the recorded wallets' balances read from the node with the snapshot; null when none were read */
  onChain: Type.Union([OnChainHolding, Type.Null()]),
});
export type ProofAssetLine = Static<typeof ProofAssetLine>;

export const ProofSummary = Type.Object({
  snapshot: Type.Union([
    Type.Object({
      id: IdString,
      takenAt: IsoTime,
      rootHash: Hash,
      /** the tree's rules: 'pol2' each customer's balances in random parts, 'pol1' one exact leaf each */
      format: LiteralUnion([PROOF_FORMAT, LEGACY_FORMAT] as const),
      leafCount: Type.Integer(),
      users: Type.Integer(),
      /** the watched chain's block the platform's wallets were read at with it; null when none was read */
      chainBlock: Type.Union([Type.Integer(), Type.Null()]),
    }),
    Type.Null(),
  ]),
  assets: Type.Array(ProofAssetLine),
  wallets: Type.Array(ReserveWallet),
});
export type ProofSummary = Static<typeof ProofSummary>;

// ---------------------------------------------------------------- operators

export const AdminSnapshot = Type.Object({
  id: IdString,
  status: LiteralUnion(['published', 'failed'] as const),
  trigger: LiteralUnion(['schedule', 'operator'] as const),
  takenAt: IsoTime,
  rootHash: Type.Union([Hash, Type.Null()]),
  users: Type.Integer(),
  totals: Type.Union([Type.Record(Type.String(), DecimalString()), Type.Null()]),
  ledgerTotals: Type.Union([
    Type.Object({
      customers: Type.Record(Type.String(), DecimalString()),
      platform: Type.Record(Type.String(), DecimalString()),
    }),
    Type.Null(),
  ]),
  error: Type.Union([Type.String(), Type.Null()]),
});
export type AdminSnapshot = Static<typeof AdminSnapshot>;
export const AdminSnapshotList = Type.Object({ rows: Type.Array(AdminSnapshot) });
export type AdminSnapshotList = Static<typeof AdminSnapshotList>;

/** POST /admin-api/proof/snapshots: why a snapshot is taken now (kept in the audit log). */
export const TakeSnapshotBody = Type.Object({ reason: Text(200) }, { additionalProperties: false });
export type TakeSnapshotBody = Static<typeof TakeSnapshotBody>;

export const ReserveWalletBody = Type.Object(
  {
    asset: AssetSchema,
    network: NetworkSchema,
    address: Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9]+$' }),
    label: Text(80),
  },
  { additionalProperties: false },
);
export type ReserveWalletBody = Static<typeof ReserveWalletBody>;

export const ReserveHoldingBody = Type.Object(
  {
    asset: AssetSchema,
    amount: AmountString,
    /** when the holdings were counted; not in the future */
    asOf: IsoTime,
    /** both or neither: with them the figure is attested, without only declared */
    attestor: Type.Optional(Text(120)),
    reportRef: Type.Optional(Text(200)),
    clientKey: Type.Optional(ClientKey),
  },
  { additionalProperties: false },
);
export type ReserveHoldingBody = Static<typeof ReserveHoldingBody>;

export const AdminReserves = Type.Object({
  holdings: Type.Array(ReserveHolding),
  wallets: Type.Array(ReserveWallet),
});
export type AdminReserves = Static<typeof AdminReserves>;
