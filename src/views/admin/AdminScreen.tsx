import { Suspense } from 'react';
import { Link, Redirect, useLocation } from 'wouter';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from '../../machines/auth/index.ts';
import { useAppActors } from '../platform/app/actors.tsx';
import { FirstRun } from './FirstRun.tsx';
import { ReviewStatus } from './ReviewStatus.tsx';
import { useConsoleSections } from '../platform/app/composition.tsx';
import screens from '../platform/styles/screens.module.css';
import styles from '../platform/operator/admin.module.css';
import own from './AdminScreen.module.css';

type SessionSnap = SnapshotFrom<typeof sessionMachine>;

/**
 * The operator console (/admin, /admin/<section>): a lazy chunk, shown only to a logged-in
 * operator; a signed-out visitor is sent to the sign-in (and back here after it), anyone else to /. The server refuses non-operators anyway (401 / 10045): this
 * guard only keeps the screen from showing. Its sections are the domains' (each declared by its
 * manifest, src/services/<domain>/manifest.ts, beside the domain's customer screens), handed
 * down by the app (useConsoleSections); the first is the landing.
 */
export default function AdminScreen() {
  const { t } = useTranslation();
  const { session } = useAppActors();
  const booting = useSelector(session, (s: SessionSnap) => s.matches({ auth: 'booting' }));
  const loggedIn = useSelector(session, (s: SessionSnap) => s.matches({ auth: 'loggedIn' }));
  const role = useSelector(session, (s: SessionSnap) => s.context.user?.role ?? null);
  const [path] = useLocation();
  const sections = useConsoleSections();
  if (booting || (loggedIn && role === null))
    return (
      <div className={screens.card} aria-busy="true">
        {t('common.loading')}
      </div>
    );
  // signed out: the sign-in says the console needs an operator's session, and comes back here
  if (!loggedIn) return <Redirect to={`/pass/login?next=${encodeURIComponent(path)}`} replace />;
  if (role !== 'operator') return <Redirect to="/" replace />;
  const part = path.split('/')[2] ?? '';
  const current = part ? sections.find((s) => s.id === part) : sections[0];
  if (!current) return <Redirect to="/admin" replace />;
  const section = current.id;
  return (
    <div className={screens.stack} data-testid="admin" data-section={section}>
      <section className={screens.card} aria-labelledby="admin-title">
        <div className={screens.cardHead}>
          <h1 id="admin-title" className={own.title}>
            {t('admin.title')}
          </h1>
          <nav className={styles.nav} aria-label={t('admin.title')}>
            {sections.map((s) => (
              <Link
                key={s.id}
                href={`/admin/${s.id}`}
                aria-current={s.id === section ? 'page' : undefined}
                data-testid={`admin-nav-${s.id}`}
              >
                {t(s.title)}
              </Link>
            ))}
          </nav>
        </div>
      </section>
      <FirstRun />
      <ReviewStatus />
      {/* each section its own chunk: the console's frame stays while an operator's first visit fetches it */}
      <Suspense
        fallback={
          <div className={screens.card} aria-busy="true">
            {t('common.loading')}
          </div>
        }
      >
        <current.Screen />
      </Suspense>
    </div>
  );
}
