import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { QueryKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { createAppActors } from '../../../src/services/platform/appActors.ts';
import { KEY_ROOTS, QUERY_RULES } from '../../../src/services/domains.ts';
import { createQueryClient } from '../../../src/services/platform/queries/client.ts';
import { settings } from '../../../src/services/platform/settings.ts';

/**
 * Logging out leaves nothing of the user in the query cache: the cache is filled with an answer
 * under the key of every query options factory of every domain (src/services/<domain>/: each
 * module's `…Queries`), the session actor is logged out through the app's own wiring
 * (createAppActors: the session's `clearSession`), and no user-scoped key may remain. A domain or
 * a query added later fails the first test until it is listed here with its scope, so it cannot
 * be forgotten at logout unnoticed (a list of user keys once missed the loans).
 */

type Case = { args: unknown[]; public?: true };
const queue = { status: 'pending', page: 1, pageSize: 20 };
const page = { page: 1, pageSize: 20 };

/** Every factory of every domain, with arguments, and whether its answer is the same for every visitor. */
const CASES: Record<string, Record<string, Case>> = {
  accountQueries: { notificationsPage: { args: [1, 20] }, sessions: { args: [] }, documentAccess: { args: [1] } },
  adminQueries: {
    depositsPage: { args: [queue] },
    withdrawalsPage: { args: [queue] },
    proof: { args: ['7'] },
    outbox: { args: [page] },
    audit: { args: [page] },
    addresses: { args: [] },
    operators: { args: [] },
    operatorProposals: { args: [] },
    rejectReasons: { args: ['deposits'] },
  },
  alertQueries: { list: { args: ['BTCUSDT'] } },
  chainQueries: {
    addresses: { args: [] },
    depositsPage: { args: [1, 10] },
    networks: { args: [] },
    incidents: { args: [1] },
    sweeps: { args: ['9'] },
  },
  portfolioQueries: { summary: { args: ['real'] }, history: { args: ['demo', 30] } },
  contentQueries: {
    list: { args: ['en', 1], public: true },
    page: { args: ['en', '3'], public: true },
    faq: { args: ['en'], public: true },
    notices: { args: ['en', 1, 10], public: true },
    socialLinks: { args: ['en'], public: true },
    onlineService: { args: ['en'], public: true },
    param: { args: ['withdrawHoldHours'], public: true },
    homeFigures: { args: ['en'], public: true },
  },
  kycQueries: { mine: { args: [] }, image: { args: ['/kyc/1.png'] }, adminPage: { args: [queue] }, adminDetail: { args: ['1'] } },
  loanQueries: {
    terms: { args: ['en'], public: true },
    list: { args: [] },
    detail: { args: ['1'] },
    adminList: { args: [''] },
    adminDetail: { args: ['1'] },
    adminSignature: { args: ['1'] },
  },
  marketQueries: {
    list: { args: [{ type: 'crypto', pageSize: 8 }], public: true },
    pages: { args: [{ type: 'crypto', pageSize: 20 }], public: true },
    find: { args: [{ code: 'BTCUSDT' }], public: true },
    candles: { args: ['BTCUSDT', '1m', 120], public: true },
    stats: { args: [], public: true },
    watchlist: { args: [] },
  },
  // the detail carries the user's own bids (`mine`)
  nftQueries: {
    list: { args: [{}, 1, 12], public: true },
    detail: { args: ['1'] },
    mine: { args: [] },
    donations: { args: [], public: true },
  },
  opsQueries: { jobs: { args: [] }, queueAges: { args: [] }, reviewWindow: { args: [] } },
  proofQueries: { summary: { args: [], public: true } },
  protectionQueries: { passkeys: { args: [] }, allowlist: { args: [] }, limits: { args: [] } },
  smartQueries: {
    products: { args: [], public: true },
    plansPage: { args: [1, 10] },
    adminReserve: { args: [] },
    adminProducts: { args: [] },
    adminUsers: { args: ['ada'] },
  },
  supportQueries: {
    conversations: { args: [] },
    unread: { args: [] },
    thread: { args: ['1'] },
    invitees: { args: [] },
    attachment: { args: ['1'] },
    adminQueue: { args: ['open', 1] },
    adminThread: { args: ['1'] },
  },
  tradingQueries: {
    risk: { args: ['real'], public: true },
    product: { args: ['real', 'en', 'BTCUSDT'], public: true },
    orders: { args: ['real', 'en', { status: 'open', page: 1, pageSize: 10 }] },
    order: { args: ['demo', 'en', '9', null] },
    pending: { args: ['real', 'en', 1, 10] },
    exposure: { args: ['real'] },
  },
  twoFactorQueries: { status: { args: [] }, antiPhishing: { args: [] } },
  apiKeyQueries: { list: { args: [] } },
  walletQueries: {
    balances: { args: ['real'] },
    depositAddresses: { args: ['real'] },
    withdrawalMethods: { args: ['real'] },
    depositsPage: { args: ['real', 1, 10] },
    withdrawalsPage: { args: ['real', 1, 10] },
    statementPage: { args: ['demo', 1, 10] },
    statementEventsPage: { args: ['demo', 1, 10] },
  },
};

type Factory = (...args: unknown[]) => { queryKey: QueryKey };
const dir = join(process.cwd(), 'src/services');
/** The query layer's modules: each domain's queries (src/services/<domain>/…queries.ts, account.ts, listQuery.ts, keys.ts) and the platform's. */
const QUERY_MODULE = /(^|\/)(queries|[a-zA-Z]+Queries|account|listQuery|keys)\.ts$|^platform\/queries\//;

/** Every `…Queries` export of every module of the query layer. */
async function domainQueries(): Promise<Record<string, Record<string, Factory>>> {
  const found: Record<string, Record<string, Factory>> = {};
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => f.split('\\').join('/'));
  for (const file of files.filter((f) => QUERY_MODULE.test(f))) {
    const mod = (await import(join(dir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) if (/Queries$/.test(name)) found[name] = value as Record<string, Factory>;
  }
  return found;
}

const keyOf = (k: QueryKey) => JSON.stringify(k);

describe('logout leaves no user-scoped query', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    settings.trigger.logout();
  });

  it('every query options factory of every domain is listed here with its scope', async () => {
    const found = await domainQueries();
    expect(Object.keys(found).sort()).toEqual(Object.keys(CASES).sort());
    for (const [name, factories] of Object.entries(found))
      expect(Object.keys(factories).sort(), name).toEqual(Object.keys(CASES[name]).sort());
  });

  it('every key grows from the root a domain declares in its manifest (keyRoot), and every declared root has queries', async () => {
    const found = await domainQueries();
    const roots = new Set<string>();
    for (const [name, cases] of Object.entries(CASES)) {
      for (const [factory, c] of Object.entries(cases)) roots.add(String(found[name][factory](...c.args).queryKey[0]));
    }
    // by path: the server's modules are outside this project's type checks (its Fastify declarations)
    const { DOMAINS } = (await import(join(process.cwd(), 'server/domains.ts'))) as {
      DOMAINS: ReadonlyArray<{ keyRoot?: string }>;
    };
    const declared = new Set(DOMAINS.flatMap((d) => (d.keyRoot ? [d.keyRoot] : [])));
    expect([...roots].sort()).toEqual([...declared].sort());
    // the client's manifests (src/services/domains.ts) declare the same roots as the server's
    expect([...KEY_ROOTS].sort()).toEqual([...declared].sort());
  });

  it('no domain declares a user-scoped key public (what a manifest keeps past the session is the same for every visitor)', async () => {
    const found = await domainQueries();
    const keptButPersonal = Object.entries(CASES).flatMap(([name, cases]) =>
      Object.entries(cases)
        .filter(([factory, c]) => !c.public && QUERY_RULES.isPublic(found[name][factory](...c.args).queryKey))
        .map(([factory]) => `${name}.${factory}`),
    );
    expect(keptButPersonal).toEqual([]);
  });

  it('after the session logs out, only answers that are the same for every visitor remain', async () => {
    const found = await domainQueries();
    // a signed-in session whose calls find no service: the user info and the logout call fail, the session ends anyway
    settings.trigger.login({ token: 'tok-logout', userInfo: null });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    vi.stubGlobal('history', { pushState: () => {}, replaceState: () => {} });
    const client = createQueryClient(() => {});
    const { session } = createAppActors(client, QUERY_RULES);
    session.start();
    await waitFor(session, (s) => s.matches({ auth: { loggedIn: 'ready' } }));

    const publicKeys = new Set<string>();
    const userKeys = new Set<string>();
    for (const [name, cases] of Object.entries(CASES)) {
      for (const [factory, c] of Object.entries(cases)) {
        const { queryKey } = found[name][factory](...c.args);
        client.setQueryData(queryKey, { filled: `${name}.${factory}` });
        (c.public ? publicKeys : userKeys).add(keyOf(queryKey));
      }
    }
    // every factory made a key of its own
    expect(publicKeys.size + userKeys.size).toBe(Object.values(CASES).reduce((n, c) => n + Object.keys(c).length, 0));

    session.send({ type: 'session.logout' });
    await waitFor(session, (s) => s.matches({ auth: 'loggedOut' }));

    const left = client
      .getQueryCache()
      .getAll()
      .map((q) => keyOf(q.queryKey));
    expect(
      left.filter((k) => userKeys.has(k)),
      'user-scoped answers left after logout',
    ).toEqual([]);
    expect(left.every((k) => publicKeys.has(k))).toBe(true);
    // the public lists stay: the home page does not flash empty for the next visitor
    expect(left).toEqual(
      expect.arrayContaining([...publicKeys].filter((k) => k.startsWith('["market"') || k.startsWith('["content"'))),
    );
    session.stop();
  });
});
