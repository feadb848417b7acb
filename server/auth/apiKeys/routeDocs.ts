/**
 * What the API-key routes say of themselves in the API contract (docs/api.md).
 */
import { Err } from '../../../src/contract/errors.ts';
import type { RouteDoc } from '../../platform/http/routeSchema.ts';

export const DOCS = {
  listApiKeys: {
    operationId: 'listApiKeys',
    summary: "This account's API keys, newest first, with their last use and address (revoked ones marked)",
    description:
      "The caller's API keys, newest first: id, name, scopes, IP allowlist, when and from which address each was last used, and whether it is revoked. The platform holds only their public keys.",
    refusals: [],
  },
  createApiKey: {
    operationId: 'createApiKey',
    summary: 'Register an API key: a name, the raw Ed25519 public key, its scopes and an optional IP allowlist',
    description:
      "Registers an Ed25519 public key (32 raw bytes, base64) made by the browser or the caller's own tool, with a name, scopes (`read`, `trade`; `withdraw` only while the withdrawal allowlist is on) and optionally an IP allowlist (addresses or CIDR ranges). A fresh second-factor code when two-factor sign-in is on. A security event (notice and mail). Nothing that signs is ever stored.",
    refusals: [
      Err.API_KEY_PUBLIC_KEY_INVALID,
      Err.API_KEY_PUBLIC_KEY_EXISTS,
      Err.API_KEY_IP_INVALID,
      Err.API_KEY_WITHDRAW_NEEDS_ALLOWLIST,
      Err.API_KEY_LIMIT,
    ],
  },
  revokeApiKey: {
    operationId: 'revokeApiKey',
    summary: "Revoke one of this account's API keys, at once on every instance",
    description:
      "Revokes one of the caller's API keys: every instance refuses it from the next request (keys are read from the database on each use). A security event (notice and mail).",
    refusals: [Err.RECORD_NOT_FOUND],
  },
} as const satisfies Record<string, RouteDoc>;
