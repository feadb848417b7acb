/**
 * Withdrawal protection on the wire (docs/wallet.md, "Address allowlist", "Withdrawal limits"):
 * /swx/customer/user/allowlist… and /swx/customer/user/withdrawalLimits. Handlers parse and call
 * `app.walletProtection` (server/wallet/protection.ts).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '../../src/contract/envelope.ts';
import {
  AddressIdParams,
  Allowlist,
  AllowlistSwitchBody,
  RemovedAddress,
  SaveAddressBody,
  SavedAddress,
  WithdrawalLimits,
} from '../../src/contract/walletProtection.ts';
import { requestId } from '../platform/http/validation.ts';
import { WalletProtection } from './protection.ts';
import { DOCS } from './protectionRouteDocs.ts';
import { routeSchemas } from '../platform/http/routeSchema.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The withdrawal address allowlist and the withdrawal limits (server/wallet/protection.ts). */
    walletProtection: WalletProtection;
  }
}

/** Plugin 'wallet-protection': decorates `app.walletProtection`. */
export const walletProtection = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'walletProtection',
      new WalletProtection({ db: app.db, config: app.config, clock: app.clock, bus: app.bus, log: app.log }),
    );
  },
  { name: 'wallet-protection', dependencies: ['platform', 'wallet'] },
);

const U = '/swx/customer/user';
const route = routeSchemas('wallet');
const limit = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    `${U}/allowlist`,
    {
      ...route.signedIn({ ...DOCS.getAllowlist, response: { 200: Envelope(Allowlist) } }),
      preHandler: app.requireUser,
    },
    async (req, reply) => reply.ok(await app.walletProtection.allowlist(req.user!.id)),
  );

  app.post(
    `${U}/allowlist`,
    {
      ...route.signedIn({ ...DOCS.setAllowlist, body: AllowlistSwitchBody, response: { 200: Envelope(Allowlist) } }),
      preHandler: app.requireUser,
      config: limit(20),
    },
    async (req, reply) => reply.ok(await app.walletProtection.switch(req.user!.id, req.body, req.ip)),
  );

  app.post(
    `${U}/allowlist/addresses`,
    {
      ...route.signedIn({ ...DOCS.saveAllowlistAddress, body: SaveAddressBody, response: { 200: Envelope(SavedAddress) } }),
      preHandler: app.requireUser,
      config: limit(20),
    },
    async (req, reply) => reply.ok(await app.walletProtection.saveAddress(req.user!.id, req.body, req.ip)),
  );

  app.post(
    `${U}/allowlist/addresses/:id/remove`,
    {
      ...route.signedIn({ ...DOCS.removeAllowlistAddress, params: AddressIdParams, response: { 200: Envelope(RemovedAddress) } }),
      preHandler: app.requireUser,
    },
    async (req, reply) => {
      await app.walletProtection.removeAddress(req.user!.id, requestId(req.params.id));
      return reply.ok({ id: req.params.id, removed: true });
    },
  );

  app.get(
    `${U}/withdrawalLimits`,
    {
      ...route.signedIn({ ...DOCS.getWithdrawalLimits, response: { 200: Envelope(WithdrawalLimits) } }),
      preHandler: app.requireUser,
    },
    async (req, reply) => reply.ok(await app.walletProtection.limits(req.user!.id)),
  );
};

export const walletProtectionRoutes = fp(routes, {
  name: 'wallet-protection-routes',
  dependencies: ['wallet-protection', 'guard', 'errors'],
  encapsulate: true,
});
