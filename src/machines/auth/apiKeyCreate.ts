import type { ApiKey, ApiKeyScope } from '../../contract/apiKeys.ts';
import { problem, type Refusal } from '../platform/refusal.ts';
import { submissionMachine } from '../platform/submission.ts';

/**
 * Creating an API key on the security screen (docs/api.md, "Authentication with an API key"): the
 * user names it, picks its scopes, may list the addresses it may be used from, and either lets
 * the browser make the Ed25519 key pair or pastes the public key of their own. The submit actor
 * makes the pair (WebCrypto), sends only the public key and answers the key with the private key
 * to download, once; the service may ask for a fresh second-factor code on the way (the step-up
 * dialog). The user may create another after a success.
 */
export interface ApiKeyCreateValues {
  name: string;
  scopes: ApiKeyScope[];
  /** addresses or CIDR ranges, separated by commas, spaces or lines; empty: any address */
  ips: string;
  /** the user's own public key (raw Ed25519, base64); empty: the browser makes the pair */
  publicKey: string;
}

export interface CreatedApiKey {
  key: ApiKey;
  /** the private key the browser made (PKCS#8 PEM), offered once; null for the user's own key */
  privateKeyPem: string | null;
}

/** The allowlist's entries as typed. */
export const ipEntries = (ips: string): string[] => ips.split(/[\s,]+/).filter((s) => s !== '');

export function apiKeyRefusal(v: ApiKeyCreateValues): Refusal | null {
  const name = v.name.trim();
  if (name === '') return problem('apiKeys.nameRequired');
  if (name.length > 40) return problem('apiKeys.nameTooLong');
  if (v.scopes.length === 0) return problem('apiKeys.scopeRequired');
  return null;
}

export const apiKeyCreateMachine = submissionMachine<'apiKeyCreate', ApiKeyCreateValues, CreatedApiKey>({
  id: 'apiKeyCreate',
  check: apiKeyRefusal,
  again: true,
});
