/**
 * Wallet test fixtures: users and operators inserted directly (with a session), real-book
 * funding through the deposit flow or the ledger, multipart bodies, and row counters for the
 * "bad input writes nothing" checks.
 */
import crypto from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Asset } from '../../../src/contract/constants.ts';
import { COIN_NETWORKS } from '../../../src/contract/wallet.ts';
import { createSession } from '../../../server/auth/sessions.ts';
import { auditLog } from '../../../server/platform/audit/schema.ts';
import { deposits, withdrawals, depositAddresses } from '../../../server/wallet/schema.ts';
import { ledgerTransfers } from '../../../server/platform/ledger/schema.ts';
import { notifications } from '../../../server/platform/realtime/schema.ts';
import { users } from '../../../server/platform/identity/schema.ts';
import { platformAccount, userAccount } from '../../../server/platform/ledger/accounts.ts';
import { transfer } from '../../../server/platform/ledger/ledger.ts';
import { body } from '../helpers.ts';
import { jp2Of, jpegOf, pngOf } from '../imageFixtures.ts';

export interface TestUser {
  id: bigint;
  token: string;
  username: string;
}

/**
 * A fixture user's session lives a year on the platform clock: tests move that clock days and
 * months ahead (payouts, accruals, auctions), and sessions' own limits are tested through sign-in.
 */
const FIXTURE_SESSION_MS = 365 * 86_400_000;

/**
 * A user with a session; `app` may be a bare database handle (tests of instances in child
 * processes), whose sessions then start at the system time.
 */
export async function createUser(
  app: Pick<FastifyInstance, 'db'> & Partial<Pick<FastifyInstance, 'clock'>>,
  role: 'customer' | 'operator' = 'customer',
): Promise<TestUser> {
  const tag = crypto.randomBytes(5).toString('hex');
  const username = `${role === 'operator' ? 'op' : 'u'}_${tag}`;
  const [row] = await app.db
    .insert(users)
    .values({ username, inviteCode: `IC${tag}`.toUpperCase(), role })
    .returning({ id: users.id });
  const token = await createSession(app.db, row.id, FIXTURE_SESSION_MS, { now: app.clock?.now() ?? Date.now() });
  return { id: row.id, token, username };
}

/** Headers of a user call; `virtually: YES` selects the real book. */
export const real = (u: TestUser, extra: Record<string, string> = {}) => ({ authorization: u.token, virtually: 'YES', ...extra });
export const demo = (u: TestUser, extra: Record<string, string> = {}) => ({ authorization: u.token, virtually: 'NO', ...extra });

/** Puts money in the user's real available balance as an approved deposit would (ledger transfer). */
export async function fund(
  app: Pick<FastifyInstance, 'db'>,
  userId: bigint,
  asset: Asset,
  amount: string,
  book: 'real' | 'demo' = 'real',
) {
  await app.db.transaction((tx) =>
    transfer(tx, {
      key: `test-fund:${userId}:${crypto.randomUUID()}`,
      book,
      asset,
      from: platformAccount(book === 'real' ? 'deposits' : 'demo_grants'),
      to: userAccount(userId, 'available'),
      amount,
      reason: book === 'real' ? 'deposit.approved' : 'demo.grant',
      refType: 'test',
      refId: 'fixture',
    }),
  );
}

// Real images (the server decodes and re-encodes every proof): a 1x1 PNG, a small JPEG, a JPEG 2000 file.
export const PNG = await pngOf(1, 1);
export const JPEG = await jpegOf(4, 4);
export const JP2 = await jp2Of(64, 64);

export interface FilePart {
  field?: string;
  filename?: string;
  type?: string;
  content: Buffer;
}

/** A multipart/form-data body for app.inject. */
export function multipart(fields: Record<string, string>, file?: FilePart) {
  const boundary = `----wallet${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'proof'}"; filename="${file.filename ?? 'proof.png'}"\r\nContent-Type: ${file.type ?? 'image/png'}\r\n\r\n`,
      ),
    );
    chunks.push(file.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const hash = () => crypto.randomBytes(32).toString('hex');

export function rechargeFields(over: Record<string, string> = {}) {
  return { amount: '150', coin: 'USDT', network: 'TRC20', txHash: hash(), proofLast6: '123456', ...over };
}

/** POSTs a recharge form as the user (real book unless headers say otherwise). */
export async function recharge(
  app: FastifyInstance,
  u: TestUser,
  fields: Record<string, string>,
  file: FilePart | null = { content: PNG },
  headers = real(u),
) {
  const m = multipart(fields, file ?? undefined);
  return app.inject({
    method: 'POST',
    url: '/swx/customer/user/recharge',
    payload: m.payload,
    headers: { ...headers, ...m.headers },
  });
}

/** Row counts of every table the wallet writes: compare before/after a refused request. */
export async function counts(app: FastifyInstance) {
  const n = async (t: PgTable) => Number((await app.db.select({ n: count() }).from(t))[0].n);
  const [balanceSum] = (
    (await app.db.execute(sql`select coalesce(sum(abs(balance)), 0)::text as s from ledger_accounts`)) as unknown as {
      rows: Array<{ s: string }>;
    }
  ).rows;
  return {
    deposits: await n(deposits),
    withdrawals: await n(withdrawals),
    transfers: await n(ledgerTransfers),
    notifications: await n(notifications),
    audit: await n(auditLog),
    addresses: await n(depositAddresses),
    balanceSum: balanceSum.s,
  };
}

export const ADDR = {
  BTC_P2PKH: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
  BTC_P2SH: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
  BTC_BECH32: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  BTC_BECH32M: 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297',
  ETH: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  ETH_LOWER: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
  TRON: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
};

/**
 * A receive address for every coin and network (as an operator would set them): a deposit claim
 * is refused without one (10084). Inserted directly; the operator route checks addresses itself.
 */
export async function addReceiveAddresses(app: FastifyInstance) {
  const byNetwork: Record<string, string> = { BTC: ADDR.BTC_BECH32, ERC20: ADDR.ETH, ETH: ADDR.ETH, TRC20: ADDR.TRON };
  for (const [coin, networks] of Object.entries(COIN_NETWORKS)) {
    for (const network of networks) {
      await app.db
        .insert(depositAddresses)
        .values({ coin, network, address: byNetwork[network] ?? ADDR.ETH })
        .onConflictDoNothing();
    }
  }
}

/** Operator call helper. */
export async function adminCall(
  app: FastifyInstance,
  opUser: TestUser,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  const res = await app.inject({ method, url: `/admin-api${url}`, headers: { authorization: opUser.token }, payload });
  return body(res);
}
