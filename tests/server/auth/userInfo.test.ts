/**
 * getUserInfo reads the profile and both books' ledger rows in one prepared statement
 * (server/auth/userInfo.ts). Each user must see exactly their own rows, every time the statement
 * runs: a first version matched the ledger rows to the ledger row's own id instead of the user's
 * and showed every user the sum of all users' accounts.
 */
import { describe, expect, it } from 'vitest';
import type { UserInfoResult } from '../../../src/contract/auth.ts';
import { Ok } from '../../../src/contract/errors.ts';
import { useTestApp } from '../helpers.ts';
import { U } from '../auth.helpers.ts';
import { createUser, fund, type TestUser } from '../wallet/walletFixtures.ts';

describe('getUserInfo: one statement, each user their own ledger', () => {
  const t = useTestApp();

  const info = async (u: TestUser) => {
    const res = (
      await t.app.inject({ method: 'POST', url: `${U}/getUserInfo`, headers: { authorization: u.token }, payload: {} })
    ).json() as { code: number; result: UserInfoResult };
    expect(res.code).toBe(Ok.SUCCESS);
    return res.result;
  };

  it('users with different balances in both books each get their own, as the wallet states them', async () => {
    const users: TestUser[] = [];
    for (let i = 1; i <= 4; i++) {
      const u = await createUser(t.app);
      if (i < 4) {
        await fund(t.app, u.id, 'USDT', `${i}0.5`, 'real');
        await fund(t.app, u.id, 'USDT', `${i}`, 'demo');
        if (i === 2) await fund(t.app, u.id, 'BTC', '0.125', 'real');
      }
      users.push(u);
    }
    // more than five times each, so a PostgreSQL generic plan is also exercised
    for (let round = 0; round < 6; round++) {
      for (const u of users) {
        const got = await info(u);
        expect(got.user.id).toBe(String(u.id));
        for (const book of ['demo', 'real'] as const) {
          const wallet = await t.app.wallet.balances(u.id, book);
          expect(got.balances[book].assets.map((a) => [a.asset, a.available, a.total])).toEqual(
            wallet.assets.map((a) => [a.asset, a.available, a.total]),
          );
        }
      }
    }
    const [first, second, , none] = await Promise.all(users.map(info));
    expect(first.balances.real.assets.find((a) => a.asset === 'USDT')?.available).toBe('10.500000');
    expect(first.balances.demo.assets.find((a) => a.asset === 'USDT')?.available).toBe('1.000000');
    expect(second.balances.real.assets.find((a) => a.asset === 'BTC')?.total).toBe('0.12500000');
    expect(first.balances.real.assets.find((a) => a.asset === 'BTC')?.total).toBe('0.00000000');
    expect(none.balances.real.totalUsdt).toBe('0.000000');
    expect(none.balances.demo.assets.every((a) => /^0\.0+$/.test(a.total))).toBe(true);
  });
});
