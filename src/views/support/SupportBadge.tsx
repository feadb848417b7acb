import { lazy, Suspense } from 'react';
import { useSession } from '../platform/app/hooks.ts';

/**
 * Support answers not read yet, on the service button (both top bars). The count is a signed-in
 * customer's, asked for after the first paint anyway: its query and the support chat's API load
 * with it, behind this lazy import, so a first visit does not carry them (docs/performance.md).
 */
const UnreadBadge = lazy(() => import('./UnreadBadge.tsx'));

export function SupportBadge() {
  const { loggedIn, user } = useSession();
  if (!loggedIn || user?.role === 'operator') return null;
  return (
    <Suspense fallback={null}>
      <UnreadBadge />
    </Suspense>
  );
}
