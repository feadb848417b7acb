import { useRef } from 'react';
import { keyFor, type KeptKey } from '../../../machines/platform/clientKey.ts';

/**
 * The client key of a money call made by a plain mutation (the console's forms) rather than by a
 * flow machine: the same rule as the flows (src/machines/platform/clientKey.ts). Sending the same body again
 * after a failure keeps its key, so the service answers with the first result; another body, or
 * the next one after a success, gets a new key.
 */
export function useClientKey() {
  const kept = useRef<KeptKey | null>(null);
  return {
    /** the key to send `body` with */
    keyFor: (body: unknown): string => {
      kept.current = keyFor(kept.current, body);
      return kept.current.key;
    },
    /** the call succeeded: the next body is a new submission */
    used: () => {
      kept.current = null;
    },
  };
}
