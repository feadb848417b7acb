import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { USER_EVENT_TEXTS, WALLET_EVENT_TEXTS } from '../../../src/contract/userEventTexts.ts';
import type { UserEventKind } from '../../../src/contract/userEvents.ts';
import { isQuietKind } from '../../../src/contract/userEventKinds.ts';
import { ApiError, call, requestHeaders, setUnauthorizedListener } from '../../../src/services/platform/api.ts';
import { settings, sessionToken } from '../../../src/services/platform/settings.ts';
import { toasts } from '../../../src/services/platform/toast.ts';
import { accountKeys } from '../../../src/services/auth/account.ts';
import { adminKeys } from '../../../src/services/admin/queries.ts';
import { createQueryClient } from '../../../src/services/platform/queries/client.ts';
import { forgetUser, keysChangedBy as changedBy, recordReviewed } from '../../../src/services/platform/queries/invalidation.ts';
import { QUERY_RULES } from '../../../src/services/domains.ts';
import { marketKeys } from '../../../src/services/market/queries.ts';
import { loanKeys } from '../../../src/services/loans/queries.ts';
import { nftKeys } from '../../../src/services/nfts/queries.ts';
import { walletKeys } from '../../../src/services/wallet/queries.ts';

/** What a kind makes stale, by the domains' declarations (src/services/domains.ts). */
const keysChangedBy = (kind: Parameters<typeof changedBy>[1]) => changedBy(QUERY_RULES, kind);

const envelope = (code: number, result: unknown = null, msg = '') =>
  new Response(JSON.stringify({ code, msg, result }), { status: 200, headers: { 'content-type': 'application/json' } });

describe('HTTP client contract', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    settings.trigger.logout();
  });

  it('returns the result of a success code and sends book, language and token from their one owner', async () => {
    settings.trigger.login({ token: 'tok-9', userInfo: null });
    settings.trigger.book({ book: 'real' });
    const fetch = vi.fn(async () => envelope(200, { ok: 1 }));
    vi.stubGlobal('fetch', fetch);
    expect(await call('/x')).toEqual({ ok: 1 });
    expect(sessionToken()).toBe('tok-9');
    expect(requestHeaders()).toMatchObject({ virtually: 'YES', Authorization: 'tok-9' });
    // a query's scope wins over the current settings, so the answer matches its key
    expect(requestHeaders({ book: 'demo', language: 'ar' })).toMatchObject({ virtually: 'NO', lang: 'ar' });
    settings.trigger.book({ book: 'demo' });
  });

  it('a refusal, a 401 and a network failure are typed ApiErrors; nothing is toasted', async () => {
    // the toasts are the app's one store: what an earlier file of this worker left is not this test's
    for (const t of toasts.getSnapshot().context.items) toasts.trigger.dismiss({ id: t.id });
    const heard: boolean[] = [];
    setUnauthorizedListener((http) => heard.push(http));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(10004, null, 'Wrong password')),
    );
    await expect(call('/x')).rejects.toMatchObject({ kind: 'refused', code: 10004 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(401)),
    );
    await expect(call('/x')).rejects.toMatchObject({ kind: 'unauthorized', code: 401 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 401 })),
    );
    await expect(call('/x')).rejects.toMatchObject({ kind: 'unauthorized', httpStatus: 401 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const e = await call('/x').catch((err: unknown) => err);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ kind: 'network', code: null });
    expect(heard).toEqual([false, true]);
    expect(toasts.getSnapshot().context.items).toEqual([]);
  });
});

describe('query keys and invalidation', () => {
  it('book and language are part of the keys whose answers depend on them', () => {
    expect(walletKeys.balances('demo')).not.toEqual(walletKeys.balances('real'));
    expect(walletKeys.statementPage('real', 1, 10).slice(0, 3)).toEqual(walletKeys.statement('real'));
  });

  it('every wallet event kind names what it changed, in the real book, and the notifications', () => {
    for (const kind of Object.keys(WALLET_EVENT_TEXTS) as (keyof typeof WALLET_EVENT_TEXTS)[]) {
      const keys = keysChangedBy(kind);
      // a progress kind (a payout's "confirming k/N") writes no notification row: it marks only its record stale
      if (isQuietKind(kind)) expect(keys).toContainEqual(walletKeys.withdrawals('real'));
      else expect(keys).toContainEqual(accountKeys.notifications());
      expect(keys.every((k) => k[0] !== 'wallet' || k[1] === 'real')).toBe(true);
    }
    expect(keysChangedBy('deposit.approved')).toContainEqual(walletKeys.balances('real'));
    expect(keysChangedBy('deposit.submitted')).not.toContainEqual(walletKeys.balances('real'));
    // the types know every kind (an unknown one does not compile), but a newer service may send a
    // kind this build does not know: it makes the whole real book stale rather than nothing
    // @ts-expect-error a kind the union does not hold
    expect(keysChangedBy('unknown.kind')).toContainEqual(walletKeys.book('real'));
    // @ts-expect-error nor this one, though it looks like the loans' (no kind is matched by its prefix)
    expect(keysChangedBy('loan.forgiven')).toEqual([walletKeys.book('real'), accountKeys.notifications()]);
    for (const kind of Object.keys(USER_EVENT_TEXTS) as UserEventKind[])
      expect(keysChangedBy(kind).length, kind).toBeGreaterThan(0);
    // a loan's events: the loans and the real book's balances and statement
    expect(keysChangedBy('loan.approved')).toEqual(
      expect.arrayContaining([['loans'], walletKeys.balances('real'), walletKeys.statement('real')]),
    );
  });

  it('an event invalidates the pages of its lists in its book only', async () => {
    const client = new QueryClient();
    client.setQueryData(walletKeys.depositsPage('real', 2, 10), { rows: [], total: 0 });
    client.setQueryData(walletKeys.depositsPage('demo', 1, 10), { rows: [], total: 0 });
    client.setQueryData(walletKeys.balances('real'), { assets: [] });
    for (const queryKey of keysChangedBy('deposit.rejected')) await client.invalidateQueries({ queryKey });
    expect(client.getQueryState(walletKeys.depositsPage('real', 2, 10))?.isInvalidated).toBe(true);
    expect(client.getQueryState(walletKeys.depositsPage('demo', 1, 10))?.isInvalidated).toBe(false);
    expect(client.getQueryState(walletKeys.balances('real'))?.isInvalidated).toBe(false);
  });

  it('a reviewed record replaces its row in every cached page of its queue', () => {
    const client = new QueryClient();
    const key = adminKeys.depositsPage({ status: 'pending', page: 1, pageSize: 20 });
    client.setQueryData(key, {
      rows: [
        { id: '1', status: 'pending' },
        { id: '2', status: 'pending' },
      ],
      total: 2,
    });
    recordReviewed(client, 'deposit', { id: '2', status: 'approved' });
    expect(client.getQueryData(key)).toEqual({
      rows: [
        { id: '1', status: 'pending' },
        { id: '2', status: 'approved' },
      ],
      total: 2,
    });
  });

  it('the end of a session drops everything of that user and keeps public answers', () => {
    const client = new QueryClient();
    client.setQueryData(walletKeys.balances('real'), {});
    client.setQueryData(marketKeys.watchlist(), {});
    client.setQueryData(adminKeys.addresses(), {});
    client.setQueryData(marketKeys.stats(), {});
    client.setQueryData(loanKeys.list(), {});
    client.setQueryData(nftKeys.mine(), {});
    client.setQueryData(['a-domain-added-later', 'mine'], {});
    forgetUser(client, QUERY_RULES);
    expect(
      client
        .getQueryCache()
        .getAll()
        .map((q) => q.queryKey),
    ).toEqual([marketKeys.stats()]);
  });

  it('the root reports only failures no screen shows', async () => {
    const reported: string[] = [];
    const client = createQueryClient((m) => reported.push(m));
    const fail = (kind: 'refused' | 'unauthorized') => async () => {
      throw new ApiError(kind, 10001, `failed:${kind}`);
    };
    // a first load that fails: the screen shows its failed state
    await client.fetchQuery({ queryKey: ['a'], queryFn: fail('refused') }).catch(() => undefined);
    // a refetch that fails behind data still on screen: reported
    client.setQueryData(['b'], 1);
    await client.fetchQuery({ queryKey: ['b'], queryFn: fail('refused'), staleTime: 0 }).catch(() => undefined);
    // a 401: the session actor handles it
    client.setQueryData(['c'], 1);
    await client.fetchQuery({ queryKey: ['c'], queryFn: fail('unauthorized'), staleTime: 0 }).catch(() => undefined);
    expect(reported).toEqual(['failed:refused']);
  });
});
