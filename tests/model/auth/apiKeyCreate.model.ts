import type { ApiKey } from '../../../src/contract/apiKeys.ts';
import { Err } from '../../../src/contract/errors.ts';
import { apiKeyCreateMachine, type ApiKeyCreateValues } from '../../../src/machines/auth/apiKeyCreate.ts';
import { problem } from '../../../src/machines/platform/refusal.ts';
import { defineModel } from '../paths.ts';
import { submissionCase } from '../submissionModel.ts';

/**
 * Creating an API key on the security screen (docs/api.md): the shared submission chart; the
 * generated paths submit a named key with scopes and a refused one (no scope), edit, reset and
 * create another, with the service's answers as fixtures.
 */
export const goodKey: ApiKeyCreateValues = { name: 'bot', scopes: ['read', 'trade'], ips: '203.0.113.0/24', publicKey: '' };
const key = { id: 'ak_000000000000000000000001', name: 'bot', scopes: ['read', 'trade'] } as ApiKey;

export const model = defineModel(
  submissionCase({
    id: 'apiKeyCreate',
    machine: apiKeyCreateMachine,
    good: goodKey,
    refused: { values: { ...goodKey, scopes: [] }, refusal: problem('apiKeys.scopeRequired') },
    output: { key, privateKeyPem: '-----BEGIN PRIVATE KEY-----\n…\n-----END PRIVATE KEY-----\n' },
    serviceError: { code: Err.API_KEY_IP_INVALID, message: '"x" is not an IP address or a CIDR range' },
    again: true,
  }),
);
