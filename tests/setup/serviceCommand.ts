/**
 * How a test starts one of the service's processes: `node <bundle>` when this run bundled the
 * entry (serviceBundles.ts), else `node --import tsx <entry>` as before (a test file run outside
 * a project that bundles, or an entry not bundled).
 */
import { inject } from 'vitest';
import './provided.ts';

function bundles(): Record<string, string> {
  try {
    return inject('serviceBundles') ?? {};
  } catch {
    return {};
  }
}

/** The node arguments that run `entry` (a path from the project root). */
export function serviceCommand(entry: string): string[] {
  const bundle = bundles()[entry];
  return bundle ? [bundle] : ['--import', 'tsx', entry];
}
