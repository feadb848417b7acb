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
import { Err } from '../../src/contract/errors.ts';

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
const limit = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['wallet'];
  const security = [{ token: [] }];

  app.get(
    `${U}/allowlist`,
    {
      schema: {
        operationId: 'getAllowlist',
        description:
          "The caller's withdrawal allowlist: on, off or turning off (with when), and the saved addresses with the moment each becomes usable.",
        'x-refusals': [],
        tags,
        security,
        summary: 'Withdraw only to saved addresses: on, off or turning off, and the saved addresses with when each is usable',
        response: { 200: Envelope(Allowlist) },
      },
      preHandler: app.requireUser,
    },
    async (req, reply) => reply.ok(await app.walletProtection.allowlist(req.user!.id)),
  );

  app.post(
    `${U}/allowlist`,
    {
      schema: {
        operationId: 'setAllowlist',
        description:
          'Turns the allowlist on (at once) or off (after ALLOWLIST_DELAY_HOURS, so a stolen session cannot open withdrawals to anywhere); the owner is told by mail. With two-factor sign-in on it needs a fresh code.',
        'x-refusals': [],
        tags,
        security,
        summary: 'Turn the allowlist on (at once) or off (after ALLOWLIST_DELAY_HOURS)',
        body: AllowlistSwitchBody,
        response: { 200: Envelope(Allowlist) },
      },
      preHandler: app.requireUser,
      config: limit(20),
    },
    async (req, reply) => reply.ok(await app.walletProtection.switch(req.user!.id, req.body, req.ip)),
  );

  app.post(
    `${U}/allowlist/addresses`,
    {
      schema: {
        operationId: 'saveAllowlistAddress',
        description:
          'Saves a withdrawal address for a coin and network, usable after ALLOWLIST_DELAY_HOURS; the owner is told by mail. With two-factor sign-in on it needs a fresh code.',
        'x-refusals': [Err.ADDRESS_INVALID, Err.ALLOWLIST_ADDRESS_EXISTS, Err.ALLOWLIST_FULL],
        tags,
        security,
        summary: 'Save a withdrawal address (usable after ALLOWLIST_DELAY_HOURS; the owner is told by mail)',
        body: SaveAddressBody,
        response: { 200: Envelope(SavedAddress) },
      },
      preHandler: app.requireUser,
      config: limit(20),
    },
    async (req, reply) => reply.ok(await app.walletProtection.saveAddress(req.user!.id, req.body, req.ip)),
  );

  app.post(
    `${U}/allowlist/addresses/:id/remove`,
    {
      schema: {
        operationId: 'removeAllowlistAddress',
        description:
          "Removes one of the caller's saved withdrawal addresses at once. With two-factor sign-in on it needs a fresh code.",
        'x-refusals': [Err.RECORD_NOT_FOUND],
        tags,
        security,
        summary: 'Remove a saved withdrawal address (at once)',
        params: AddressIdParams,
        response: { 200: Envelope(RemovedAddress) },
      },
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
      schema: {
        operationId: 'getWithdrawalLimits',
        description:
          "The caller's withdrawal limits per asset for their verification level, in USDT: per UTC day and over 30 days, used and left.",
        'x-refusals': [Err.PRICE_UNAVAILABLE],
        tags,
        security,
        summary: 'Withdrawal limits per asset by verification level, in USDT: per UTC day and over 30 days, used and left',
        response: { 200: Envelope(WithdrawalLimits) },
      },
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
