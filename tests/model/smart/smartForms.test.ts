import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { Err } from '../../../src/contract/errors.ts';
import { SMART_EVENT_TEXTS } from '../../../src/contract/userEventTexts.ts';
import { smartBuyRefusal } from '../../../src/machines/smart/smartBuy.ts';
import { ApiError } from '../../../src/services/platform/api.ts';
import { smartBuyFlow } from '../../../src/services/smart/flows.ts';
import { forgetUser, invalidateForUserEvent, keysChangedBy } from '../../../src/services/platform/queries/invalidation.ts';
import { QUERY_RULES } from '../../../src/services/domains.ts';
import { smartKeys } from '../../../src/services/smart/queries.ts';
import { walletKeys } from '../../../src/services/wallet/queries.ts';
import { smartApi, type SmartPlan } from '../../../src/services/smart/api.ts';
import { checkModel } from '../pathRunner.ts';
import { buyDraft, model, product } from './smartForms.model.ts';

describe('smart plan flows: generated paths', () => {
  checkModel(model);
});

describe('the purchase guard gives the code the service would', () => {
  const code = (over: Partial<typeof buyDraft>) => smartBuyRefusal({ ...buyDraft, ...over })?.code ?? null;
  it("in the service's order: product, term, range, reserve, balance", () => {
    expect(code({})).toBeNull();
    expect(code({ product: null })).toBe(Err.SMART_PRODUCT_WRONG);
    expect(code({ productId: '2' })).toBe(Err.SMART_PRODUCT_WRONG);
    expect(code({ product: { ...product, enabled: false } })).toBe(Err.SMART_PRODUCT_WRONG);
    expect(code({ days: 7 })).toBe(Err.NO_MATCHING_DAYS);
    for (const amount of ['', 'abc', '99.999999', '100000.000001', '1.1234567', '-100', '1e3'])
      expect(code({ amount }), amount).toBe(Err.INVESTMENT_AMOUNT_WRONG);
    expect(code({ amount: '5000.000001' })).toBe(Err.SMART_SOLD_OUT);
    expect(code({ product: { ...product, terms: [{ ...product.terms[0], available: false, coveredAmount: '0.000000' }] } })).toBe(
      Err.SMART_SOLD_OUT,
    );
    expect(code({ amount: '2500.000001' })).toBe(Err.INSUFFICIENT_BALANCE);
    expect(code({ amount: '2500' })).toBeNull();
    // balance unknown: the service decides
    expect(code({ amount: '4000', available: null })).toBeNull();
  });
});

describe('the purchase sends a client key the service deduplicates by', () => {
  afterEach(() => vi.restoreAllMocks());
  it('through the flow: a failure then the same values again send one key; only the values go out; the flow asks again for what it changed', async () => {
    const sent: Array<{ values: unknown; key: string }> = [];
    let fail = true;
    vi.spyOn(smartApi, 'buy').mockImplementation(async (values, key) => {
      sent.push({ values, key });
      if (fail) throw new ApiError('network', null, 'timeout');
      return { id: '9' } as SmartPlan;
    });
    const client = new QueryClient();
    const stale = vi.spyOn(client, 'invalidateQueries');
    const actor = createActor(smartBuyFlow(client)).start();
    actor.send({ type: 'smartBuy.submit', values: buyDraft });
    // nothing leaves before the user confirms the lock
    expect(actor.getSnapshot().hasTag('dialog')).toBe(true);
    expect(sent).toHaveLength(0);
    actor.send({ type: 'smartBuy.confirm' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.refusal).toMatchObject({ code: null, message: 'timeout' });
    fail = false;
    actor.send({ type: 'smartBuy.submit', values: buyDraft });
    actor.send({ type: 'smartBuy.confirm' });
    await waitFor(actor, (s) => s.matches('submitted'));
    expect(sent).toHaveLength(2);
    expect(sent[1].key).toBe(sent[0].key);
    expect(sent[0].values).toEqual({ productId: '1', days: 30, amount: '1000' });
    // the refresh is the flow's: plans, products and the real balances, once, after the success
    const keys = stale.mock.calls.map(([f]) => f?.queryKey);
    expect(keys).toEqual(expect.arrayContaining([smartKeys.plans(), smartKeys.products(), walletKeys.balances('real')]));
    // a purchase after the success is a new one: a new key
    actor.send({ type: 'smartBuy.reset' });
    actor.send({ type: 'smartBuy.submit', values: buyDraft });
    actor.send({ type: 'smartBuy.confirm' });
    await waitFor(actor, (s) => s.matches('submitted'));
    expect(sent[2].key).not.toBe(sent[0].key);
  });
});

describe('smart events keep the page live without polling', () => {
  it('a payout, maturity, exit or purchase makes the plans, the reserve figures and the real balances stale; logout forgets the plans', async () => {
    const client = new QueryClient();
    client.setQueryData(smartKeys.plansPage(1, 10), { rows: [], total: 0 });
    client.setQueryData(smartKeys.products(), { products: [], reserve: {} });
    client.setQueryData(walletKeys.balances('real'), { assets: [] });
    client.setQueryData(walletKeys.balances('demo'), { assets: [] });
    for (const kind of Object.keys(SMART_EVENT_TEXTS) as (keyof typeof SMART_EVENT_TEXTS)[])
      expect(keysChangedBy(QUERY_RULES, kind)).toContainEqual(smartKeys.plans());
    await invalidateForUserEvent(client, QUERY_RULES, 'smart.payout');
    expect(client.getQueryState(smartKeys.plansPage(1, 10))?.isInvalidated).toBe(true);
    expect(client.getQueryState(smartKeys.products())?.isInvalidated).toBe(true);
    expect(client.getQueryState(walletKeys.balances('real'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(walletKeys.balances('demo'))?.isInvalidated).toBe(false);
    forgetUser(client, QUERY_RULES);
    expect(client.getQueryData(smartKeys.plansPage(1, 10))).toBeUndefined();
    // the public product list is nobody's: it stays
    expect(client.getQueryData(smartKeys.products())).toBeDefined();
  });
});
