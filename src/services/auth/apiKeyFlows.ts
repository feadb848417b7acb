import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { apiKeyCreateMachine, ipEntries, type CreatedApiKey } from '../../machines/auth/apiKeyCreate.ts';
import { problem, Refused } from '../../machines/platform/refusal.ts';
import { apiKeysApi } from './api.ts';
import { apiKeyKeys } from './apiKeyQueries.ts';

const base64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));

/** PKCS#8 in PEM, as `openssl` and node:crypto read it. */
const pem = (pkcs8: ArrayBuffer) =>
  `-----BEGIN PRIVATE KEY-----\n${(base64(pkcs8).match(/.{1,64}/g) ?? []).join('\n')}\n-----END PRIVATE KEY-----\n`;

/**
 * An Ed25519 key pair made by the browser (WebCrypto): the raw public key to register and the
 * private key to hand to the user. It never leaves this page but as the user's download.
 */
async function ed25519Pair(): Promise<{ publicKey: string; privateKeyPem: string }> {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify']).catch(() => {
    throw new Refused(problem('apiKeys.noEd25519'));
  })) as CryptoKeyPair;
  const [raw, pkcs8] = await Promise.all([
    crypto.subtle.exportKey('raw', pair.publicKey),
    crypto.subtle.exportKey('pkcs8', pair.privateKey),
  ]);
  return { publicKey: base64(raw), privateKeyPem: pem(pkcs8) };
}

/** Creating a key: the pair (unless the user brought a public key), the call, then the list again. */
export const apiKeyCreateFlow = (client: QueryClient) =>
  apiKeyCreateMachine.provide({
    actors: {
      submit: fromPromise(async ({ input, signal }): Promise<CreatedApiKey> => {
        const own = input.publicKey.trim();
        const made = own ? null : await ed25519Pair();
        const ips = ipEntries(input.ips);
        const key = await apiKeysApi.create(
          { name: input.name.trim(), publicKey: own || made!.publicKey, scopes: input.scopes, ...(ips.length ? { ips } : {}) },
          signal,
        );
        return { key, privateKeyPem: made?.privateKeyPem ?? null };
      }),
    },
    actions: { submitted: () => void client.invalidateQueries({ queryKey: apiKeyKeys.list() }) },
  });
