/**
 * What the document-access route says of itself in the API contract (docs/api.md).
 */
import type { RouteDoc } from '../platform/http/routeSchema.ts';

export const DOCS = {
  listDocumentAccess: {
    operationId: 'listDocumentAccess',
    summary:
      'When operators opened my documents (identity, deposit proofs, loan signature, support images) and why; newest first',
    description:
      "When operators opened the caller's documents (identity images, deposit proofs, the loan signature, support images), by whom and why, newest first, paged.",
    refusals: [],
  },
} as const satisfies Record<string, RouteDoc>;
