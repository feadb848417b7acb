/**
 * The signer's own configuration (README, "The signer"): read from the signer process's
 * environment only. None of these variables is in the web service's schema, so the web service
 * never holds the keystore's passphrase (it knows the signer's URL and token: CHAIN_ETH_SIGNER_URL,
 * CHAIN_ETH_SIGNER_TOKEN, server/chain/config.ts).
 */
import { Type } from 'typebox';
import { ConfigError, decimal, int, readEnv, secret, text, url, type EnvOf } from '../platform/env.ts';
import type { Hex } from 'viem';

export const SIGNER_ENV = {
  SIGNER_DATABASE_URL: secret(
    url(
      ['postgres', 'postgresql'],
      "the platform's PostgreSQL, read by the signer (ideally a role that reads withdrawals, audit_log, chain_sweeps and chain_addresses and writes signer_signatures only)",
    ),
  ),
  SIGNER_HOST: text('loopback address the signer listens on', '127.0.0.1'),
  SIGNER_PORT: int(0, 65535, 8711, 'port the signer listens on'),
  SIGNER_TOKEN: secret(
    Type.Optional(Type.String({ minLength: 32, maxLength: 200, description: 'shared token every request carries' })),
  ),
  SIGNER_KEYSTORE: text('the encrypted keystore file of the hot wallet'),
  SIGNER_KEYSTORE_PASSPHRASE: secret(
    Type.Optional(Type.String({ minLength: 12, maxLength: 1000, description: "the keystore's passphrase" })),
  ),
  SIGNER_CHAIN_ID: int(1, 2 ** 31, undefined, 'the chain id it signs for'),
  SIGNER_USDT_ERC20_CONTRACT: Type.Optional(
    Type.String({ pattern: '^0x[0-9a-fA-F]{40}$', description: 'the USDT token contract' }),
  ),
  SIGNER_USDT_DECIMALS: int(0, 36, 6, "the token's decimals"),
  SIGNER_FOUR_EYES_ABOVE_USDT: decimal('withdrawals above this value need two approvals before the signer signs', '10000'),
  SIGNER_SWEEP_XPRV: secret(
    Type.Optional(
      Type.String({
        pattern: '^xprv[1-9A-HJ-NP-Za-km-z]{100,112}$',
        description:
          "the account-level extended private key whose public half is the web service's CHAIN_ETH_XPUB: deposit addresses are swept with it; unset, the signer signs no sweep",
      }),
    ),
  ),
  SIGNER_MAX_FEE_GWEI: int(1, 100_000, 500, 'the highest fee per gas it signs, in gwei'),
};
type SignerEnv = EnvOf<typeof SIGNER_ENV>;

export interface SignerConfig {
  databaseUrl: string;
  host: string;
  port: number;
  token: string;
  keystore: string;
  passphrase: string;
  chainId: number;
  usdtContract?: Hex;
  usdtDecimals: number;
  fourEyesAboveUsdt: string;
  maxFeePerGas: bigint;
  sweepXprv?: string;
}

const REQUIRED = [
  'SIGNER_DATABASE_URL',
  'SIGNER_TOKEN',
  'SIGNER_KEYSTORE',
  'SIGNER_KEYSTORE_PASSPHRASE',
  'SIGNER_CHAIN_ID',
] as const;

/** The signer's settings from its environment; a missing or malformed one stops the start, naming it. */
export function signerConfig(env: NodeJS.ProcessEnv): SignerConfig {
  const s: SignerEnv = readEnv(SIGNER_ENV, env);
  const missing = REQUIRED.filter((n) => s[n] === undefined);
  if (missing.length) throw new ConfigError(missing.map((name) => ({ name, message: 'is required by the signer' })));
  return {
    databaseUrl: s.SIGNER_DATABASE_URL!,
    host: s.SIGNER_HOST ?? '127.0.0.1',
    port: s.SIGNER_PORT ?? 8711,
    token: s.SIGNER_TOKEN!,
    keystore: s.SIGNER_KEYSTORE!,
    passphrase: s.SIGNER_KEYSTORE_PASSPHRASE!,
    chainId: s.SIGNER_CHAIN_ID!,
    usdtContract: s.SIGNER_USDT_ERC20_CONTRACT as Hex | undefined,
    usdtDecimals: s.SIGNER_USDT_DECIMALS ?? 6,
    fourEyesAboveUsdt: s.SIGNER_FOUR_EYES_ABOVE_USDT ?? '10000',
    maxFeePerGas: BigInt(s.SIGNER_MAX_FEE_GWEI ?? 500) * 10n ** 9n,
    sweepXprv: s.SIGNER_SWEEP_XPRV,
  };
}
