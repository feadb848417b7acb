import { describe, expect, it } from 'vitest';
import { HDKey } from '@scure/bip32';
import { loadConfig } from '../../../server/config.ts';
import { ConfigError } from '../../../server/platform/env.ts';
import { unitsToAmount } from '../../../server/chain/credit.ts';

/** The chain's settings (server/chain/config.ts) and its one piece of arithmetic: the chain's integers at the asset's precision. */
const account = HDKey.fromMasterSeed(new Uint8Array(32).fill(3)).derive("m/44'/60'/0'");
const problems = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return [];
  } catch (e) {
    if (e instanceof ConfigError) return e.problems.map((p) => p.name);
    throw e;
  }
};

describe('chain configuration', () => {
  it('watches nothing without CHAIN_ETH_RPC_URL, whatever else is set', () => {
    expect(loadConfig({}).chain).toEqual({});
    expect(loadConfig({ CHAIN_ETH_XPUB: account.publicExtendedKey }).chain).toEqual({});
  });

  it('watches Ethereum with the RPC URL and an xpub: 12 confirmations by default, USDT only with its contract', () => {
    const c = loadConfig({ CHAIN_ETH_RPC_URL: 'https://node.example/v3/key', CHAIN_ETH_XPUB: account.publicExtendedKey }).chain;
    expect(c.eth).toMatchObject({ network: 'ERC20', confirmations: 12, keepBlocks: 256 });
    expect(c.eth?.usdtContract).toBeUndefined();
    expect(c.eth?.startBlock).toBeUndefined();
  });

  it('refuses the RPC URL without an xpub, a private extended key, and malformed values, naming each variable', () => {
    expect(problems({ CHAIN_ETH_RPC_URL: 'http://127.0.0.1:8545' })).toEqual(['CHAIN_ETH_XPUB']);
    expect(problems({ CHAIN_ETH_RPC_URL: 'http://127.0.0.1:8545', CHAIN_ETH_XPUB: account.privateExtendedKey })).toEqual([
      'CHAIN_ETH_XPUB',
    ]);
    // a well-formed xpub whose checksum does not hold
    const broken = `${account.publicExtendedKey.slice(0, -4)}aaaa`;
    expect(problems({ CHAIN_ETH_RPC_URL: 'http://127.0.0.1:8545', CHAIN_ETH_XPUB: broken })).toEqual(['CHAIN_ETH_XPUB']);
    expect(problems({ CHAIN_ETH_RPC_URL: 'ftp://node' })).toEqual(['CHAIN_ETH_RPC_URL']);
    expect(problems({ CHAIN_ETH_CONFIRMATIONS: '0' })).toEqual(['CHAIN_ETH_CONFIRMATIONS']);
    expect(problems({ CHAIN_USDT_ERC20_CONTRACT: '0x123' })).toEqual(['CHAIN_USDT_ERC20_CONTRACT']);
    expect(problems({ CHAIN_ETH_START_BLOCK: '-1' })).toEqual(['CHAIN_ETH_START_BLOCK']);
  });
});

describe("the chain's integers at the asset's precision", () => {
  it('converts exactly and rounds toward zero (wei to 8 decimals, token units to 6)', () => {
    expect(unitsToAmount(1_500_000_000_000_000_000n, 18, 'ETH')).toBe('1.50000000');
    expect(unitsToAmount(1n, 18, 'ETH')).toBe('0.00000000');
    expect(unitsToAmount(123_456_789_012_345_678_901_234_567n, 18, 'ETH')).toBe('123456789.01234567');
    expect(unitsToAmount(150_123_456n, 6, 'USDT')).toBe('150.123456');
    expect(unitsToAmount(5n, 2, 'USDT')).toBe('0.050000');
    expect(unitsToAmount(10n ** 30n + 9n, 18, 'USDT')).toBe('1000000000000.000000');
  });
});
