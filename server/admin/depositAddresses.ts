/** Receive addresses CRUD (operators). Addresses are checked for their network like withdrawal addresses. */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { Err } from '../../src/contract/errors.ts';
import { Envelope } from '../../src/contract/envelope.ts';
import {
  AdminDepositAddress, AdminDepositAddressList, AdminIdParams, CreateDepositAddressBody, DeletedResult, UpdateDepositAddressBody,
} from '../../src/contract/admin.ts';
import { COIN_NETWORKS, type Network } from '../../src/contract/wallet.ts';
import type { Asset } from '../../src/contract/constants.ts';
import { depositAddresses } from '../db/schema/index.ts';
import { BizError } from '../http/errors.ts';
import { requestId } from '../http/validation.ts';
import { isValidAddress } from '../wallet/addresses.ts';
import { writeAudit } from './audit.ts';

const tags = ['admin'];
const security = [{ token: [] }];
type Row = typeof depositAddresses.$inferSelect;
const view = (r: Row) => ({
  id: r.id.toString(), coin: r.coin as Asset, network: r.network as Network, address: r.address, enabled: r.enabled,
  createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
});
const isUnique = (e: unknown) => (e as { code?: string })?.code === '23505' || (e as { cause?: { code?: string } })?.cause?.code === '23505';

function checkAddress(coin: Asset, network: Network, address: string) {
  if (!COIN_NETWORKS[coin].includes(network)) throw new BizError(Err.MALFORMED_REQUEST, { detail: `network ${network} not available for ${coin}` });
  if (!isValidAddress(network, address)) throw new BizError(Err.ADDRESS_INVALID);
}

export async function depositAddressRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const op = (req: { user?: { id: bigint } }) => req.user!.id;

  app.get('/deposit-addresses', {
    schema: { tags, security, summary: 'All receive addresses (enabled or not)', response: { 200: Envelope(AdminDepositAddressList) } },
  }, async (_req, reply) => {
    const rows = await app.db.select().from(depositAddresses).orderBy(depositAddresses.coin, depositAddresses.network, depositAddresses.id);
    return reply.ok({ rows: rows.map(view) });
  });

  app.post('/deposit-addresses', {
    schema: { tags, security, body: CreateDepositAddressBody, response: { 200: Envelope(AdminDepositAddress) } },
  }, async (req, reply) => {
    const b = req.body;
    const address = b.address.trim();
    checkAddress(b.coin, b.network, address);
    try {
      const row = await app.db.transaction(async (tx) => {
        const [ins] = await tx.insert(depositAddresses).values({ coin: b.coin, network: b.network, address, enabled: b.enabled ?? true }).returning();
        await writeAudit(tx, { actorId: op(req), action: 'deposit_address.create', targetType: 'deposit_address', targetId: ins.id, before: null, after: ins });
        return ins;
      });
      return reply.ok(view(row));
    } catch (e) {
      if (isUnique(e)) throw new BizError(Err.MALFORMED_REQUEST, { detail: 'address already listed' });
      throw e;
    }
  });

  app.put('/deposit-addresses/:id', {
    schema: { tags, security, params: AdminIdParams, body: UpdateDepositAddressBody, response: { 200: Envelope(AdminDepositAddress) } },
  }, async (req, reply) => {
    const id = requestId(req.params.id);
    try {
      const row = await app.db.transaction(async (tx) => {
        const [before] = await tx.select().from(depositAddresses).where(eq(depositAddresses.id, id)).for('update');
        if (!before) throw new BizError(Err.RECORD_NOT_FOUND);
        const address = req.body.address?.trim() ?? before.address;
        checkAddress(before.coin as Asset, before.network as Network, address);
        const [after] = await tx.update(depositAddresses)
          .set({ address, enabled: req.body.enabled ?? before.enabled, updatedAt: new Date() })
          .where(eq(depositAddresses.id, id)).returning();
        await writeAudit(tx, { actorId: op(req), action: 'deposit_address.update', targetType: 'deposit_address', targetId: id, before, after });
        return after;
      });
      return reply.ok(view(row));
    } catch (e) {
      if (isUnique(e)) throw new BizError(Err.MALFORMED_REQUEST, { detail: 'address already listed' });
      throw e;
    }
  });

  app.delete('/deposit-addresses/:id', {
    schema: { tags, security, params: AdminIdParams, response: { 200: Envelope(DeletedResult) } },
  }, async (req, reply) => {
    const id = requestId(req.params.id);
    await app.db.transaction(async (tx) => {
      const [before] = await tx.delete(depositAddresses).where(eq(depositAddresses.id, id)).returning();
      if (!before) throw new BizError(Err.RECORD_NOT_FOUND);
      await writeAudit(tx, { actorId: op(req), action: 'deposit_address.delete', targetType: 'deposit_address', targetId: id, before, after: null });
    });
    return reply.ok({ id: id.toString(), deleted: true });
  });
}
