import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { withdrawalFlow } from '../../../src/services/wallet/flows.ts';
import { walletApi } from '../../../src/services/wallet/api.ts';
import { ApiError } from '../../../src/services/platform/api.ts';
import type { WithdrawalDraft } from '../../../src/machines/wallet/withdrawalForm.ts';
import type { Withdrawal } from '../../../src/contract/wallet.ts';

const offer = {
  method: 'USDT-TRC20',
  coin: 'USDT' as const,
  network: 'TRC20' as const,
  minAmount: '10.000000',
  available: '500.000000',
};
const draft = (amount: string): WithdrawalDraft => ({
  method: 'USDT-TRC20',
  address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  amount,
  offer,
});

describe('the withdrawal flow sends a client key the service deduplicates by', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a retry of the same values after a failure reuses the key; a new withdrawal after a success gets a new one', async () => {
    const keys: string[] = [];
    let fail = true;
    vi.spyOn(walletApi, 'withdraw').mockImplementation(async (_v, key) => {
      keys.push(key);
      if (fail) throw new ApiError('network', null, 'timeout');
      return { id: '1' } as Withdrawal;
    });
    const actor = createActor(withdrawalFlow(new QueryClient())).start();
    actor.send({ type: 'withdrawalForm.submit', values: draft('20') });
    await waitFor(actor, (s) => s.matches('failed'));
    fail = false;
    actor.send({ type: 'withdrawalForm.submit', values: draft('20') });
    await waitFor(actor, (s) => s.matches('submitted'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,64}$/);

    actor.send({ type: 'withdrawalForm.reset' });
    actor.send({ type: 'withdrawalForm.submit', values: draft('20') });
    await waitFor(actor, (s) => s.matches('submitted'));
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('other values are another withdrawal: a new key', async () => {
    const keys: string[] = [];
    vi.spyOn(walletApi, 'withdraw').mockImplementation(async (_v, key) => {
      keys.push(key);
      throw new ApiError('network', null, 'timeout');
    });
    const actor = createActor(withdrawalFlow(new QueryClient())).start();
    actor.send({ type: 'withdrawalForm.submit', values: draft('20') });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'withdrawalForm.submit', values: draft('30') });
    await waitFor(actor, (s) => s.matches('failed') && keys.length === 2);
    expect(keys[1]).not.toBe(keys[0]);
  });
});
