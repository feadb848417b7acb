/**
 * Donations (docs/nfts.md): every figure is read from the ledger. Donated = everything credited
 * to the charity account; paid out = everything moved from it to charity_payouts by operators'
 * recorded payouts (audited). A sale counts as paid once the payouts so far cover it, oldest
 * sales first.
 */
import Decimal from 'decimal.js';
import { and, asc, eq, sql } from 'drizzle-orm';
import { Err } from '../../src/contract/errors.ts';
import { NFT_ASSET, type CharityPayoutBody, type DonationRow, type Donations } from '../../src/contract/nfts.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { charityPayouts, nftSales, nfts } from './schema.ts';
import { ledgerAccounts, ledgerTransfers } from '../platform/ledger/schema.ts';
import { writeAudit } from '../platform/audit/audit.ts';
import { parseOperatorAmount } from '../platform/operators/operatorAmounts.ts';
import { BizError } from '../platform/http/errors.ts';
import { platformAccount } from '../platform/ledger/accounts.ts';
import { transfer } from '../platform/ledger/ledger.ts';
import { money } from './catalogue.ts';
import type { NftDeps } from './deps.ts';

const charityAccount = and(
  eq(ledgerAccounts.ownerKind, 'platform'),
  eq(ledgerAccounts.purpose, 'charity'),
  eq(ledgerAccounts.book, 'real'),
  eq(ledgerAccounts.asset, NFT_ASSET),
);

/** Sums of the transfers into and out of the charity account. */
async function charityTotals(db: DbOrTx): Promise<{ donated: string; paidOut: string }> {
  const [r] = await db
    .select({
      donated: sql<string>`coalesce(sum(case when ${ledgerTransfers.creditAccountId} = ${ledgerAccounts.id} then ${ledgerTransfers.amount} end), 0)::text`,
      paidOut: sql<string>`coalesce(sum(case when ${ledgerTransfers.debitAccountId} = ${ledgerAccounts.id} then ${ledgerTransfers.amount} end), 0)::text`,
    })
    .from(ledgerAccounts)
    .innerJoin(
      ledgerTransfers,
      sql`${ledgerTransfers.creditAccountId} = ${ledgerAccounts.id} or ${ledgerTransfers.debitAccountId} = ${ledgerAccounts.id}`,
    )
    .where(charityAccount);
  return { donated: money(r?.donated ?? '0'), paidOut: money(r?.paidOut ?? '0') };
}

export async function donations(deps: NftDeps): Promise<Donations> {
  const { donated, paidOut } = await charityTotals(deps.db);
  // the donation of each sale as the ledger moved it (`nft:<id>:donation`)
  const sales = await deps.db
    .select({
      id: nftSales.id,
      nftId: nftSales.nftId,
      name: nfts.name,
      gross: nftSales.gross,
      donation: ledgerTransfers.amount,
      time: nftSales.createdAt,
    })
    .from(nftSales)
    .innerJoin(nfts, eq(nfts.id, nftSales.nftId))
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.idempotencyKey, sql`'nft:' || ${nftSales.nftId}::text || ':donation'`))
    .orderBy(asc(nftSales.createdAt), asc(nftSales.id));
  const payouts = await deps.db.select().from(charityPayouts).orderBy(asc(charityPayouts.createdAt), asc(charityPayouts.id));
  // oldest sales first against payouts in order: a sale is paid when the payouts so far cover it
  const covered: Array<{ upTo: Decimal; txHash: string }> = [];
  let run = new Decimal(0);
  for (const p of payouts) {
    run = run.add(p.amount);
    covered.push({ upTo: run, txHash: p.txHash });
  }
  let cumulative = new Decimal(0);
  const rows: DonationRow[] = sales.map((s) => {
    cumulative = cumulative.add(s.donation);
    const by = covered.find((c) => c.upTo.gte(cumulative));
    return {
      kind: 'sale',
      id: s.id.toString(),
      time: s.time.toISOString(),
      amount: money(s.donation),
      nftId: s.nftId.toString(),
      nftName: s.name,
      gross: money(s.gross),
      payoutStatus: by ? 'paid' : 'pending',
      txHash: by?.txHash ?? null,
      note: null,
    };
  });
  for (const p of payouts) {
    rows.push({
      kind: 'payout',
      id: p.id.toString(),
      time: p.createdAt.toISOString(),
      amount: money(p.amount),
      nftId: null,
      nftName: null,
      gross: null,
      payoutStatus: null,
      txHash: p.txHash,
      note: p.note,
    });
  }
  rows.sort(
    (a, b) => b.time.localeCompare(a.time) || (a.kind === b.kind ? Number(b.id) - Number(a.id) : a.kind === 'payout' ? -1 : 1),
  );
  return {
    charity: deps.charity,
    asset: NFT_ASSET,
    totalDonated: donated,
    totalPaidOut: paidOut,
    pending: money(new Decimal(donated).sub(paidOut).toFixed()),
    rows,
  };
}

/**
 * An operator records money paid to the charity: a transfer out of the charity account (never
 * more than it holds: 10133, checked under the account's row lock), the payout row and the audit
 * entry in one transaction. A transaction hash is recorded once (10038); a retry with the same
 * client key answers the first payout.
 */
export async function recordPayout(deps: NftDeps, operatorId: bigint, b: CharityPayoutBody): Promise<Donations> {
  // a bound and the asset's precision on what the operator typed (10269, 10270)
  const amount = parseOperatorAmount(NFT_ASSET, b.amount, { max: deps.amountMax, field: 'amount' });
  const note = b.note.trim();
  await deps.db
    .transaction(async (tx) => {
      if (b.clientKey) {
        const [first] = await tx
          .select({ id: charityPayouts.id })
          .from(charityPayouts)
          .where(and(eq(charityPayouts.operatorId, operatorId), eq(charityPayouts.clientKey, b.clientKey)));
        if (first) return;
      }
      const [used] = await tx.select({ id: charityPayouts.id }).from(charityPayouts).where(eq(charityPayouts.txHash, b.txHash));
      if (used) throw new BizError(Err.TX_HASH_USED);
      const [acct] = await tx
        .select({ balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(charityAccount)
        .for('update');
      const available = money(acct?.balance ?? '0');
      if (new Decimal(amount).gt(available)) throw new BizError(Err.CHARITY_PAYOUT_TOO_LARGE, { available });
      const [row] = await tx
        .insert(charityPayouts)
        .values({ operatorId, amount, txHash: b.txHash, note, clientKey: b.clientKey ?? null })
        .returning();
      await transfer(tx, {
        key: `charity-payout:${row.id}`,
        book: 'real',
        asset: NFT_ASSET,
        from: platformAccount('charity'),
        to: platformAccount('charity_payouts'),
        amount,
        reason: 'charity.payout',
        refType: 'charity_payout',
        refId: row.id.toString(),
      });
      await writeAudit(tx, {
        actorId: operatorId,
        action: 'charity.payout',
        targetType: 'charity_payout',
        targetId: row.id,
        after: row,
      });
    })
    .catch((e: unknown) => {
      const err = e as { code?: string; cause?: { code?: string } };
      // the same hash recorded by a concurrent request: the unique index decides
      if (err?.code === '23505' || err?.cause?.code === '23505') throw new BizError(Err.TX_HASH_USED);
      throw e;
    });
  return donations(deps);
}
