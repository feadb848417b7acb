/** What the chain benchmarks share: the test token deployed as USDT on their anvil. */
import { createPublicClient, createWalletClient, http, parseUnits, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { ANVIL_KEYS, type Anvil } from '../tests/setup/anvil.ts';
import { TEST_TOKEN_ABI, TEST_TOKEN_BYTECODE } from '../tests/server/chain/testToken.ts';

/**
 * The test token (6 decimals, a billion minted to anvil's first account) deployed and mined, with
 * that account's wallet client and a public client on the node.
 */
export async function deployUsdt(anvil: Anvil) {
  const wallet = createWalletClient({ account: privateKeyToAccount(ANVIL_KEYS[0]), chain: foundry, transport: http(anvil.url) });
  const pub = createPublicClient({ chain: foundry, transport: http(anvil.url) });
  const hash = await wallet.deployContract({
    abi: TEST_TOKEN_ABI,
    bytecode: TEST_TOKEN_BYTECODE,
    args: ['USDT', 'USDT', parseUnits('1000000000', 6)],
  });
  await anvil.mine(1);
  const usdt = (await pub.getTransactionReceipt({ hash })).contractAddress as Hex;
  return { wallet, pub, usdt };
}
