import { lazy, Suspense } from 'react';
import { Link, Redirect, useLocation } from 'wouter';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from '../../machines/auth/session.ts';
import { useAppActors } from '../platform/app/actors.tsx';
import { DepositsQueue } from '../wallet/DepositsQueue.tsx';
import { WithdrawalsQueue } from '../wallet/WithdrawalsQueue.tsx';
import { KycQueue } from '../kyc/KycQueue.tsx';
import { Addresses } from '../wallet/Addresses.tsx';
import { Outbox } from './Outbox.tsx';
import { AuditLog } from './AuditLog.tsx';
import { Operators } from './Operators.tsx';
import { NftConsole } from '../nfts/NftConsole.tsx';
import { SmartConsole } from '../smart/SmartConsole.tsx';
import { LoansQueue } from '../loans/LoansQueue.tsx';
import { SupportConsole } from '../support/SupportConsole.tsx';
import { Exposure } from '../trading/Exposure.tsx';
import { ChainConsole } from '../chain/index.ts';
import { Jobs } from './Jobs.tsx';
import { FirstRun } from './FirstRun.tsx';
import screens from '../platform/styles/screens.module.css';
import styles from '../platform/operator/admin.module.css';
import own from './AdminScreen.module.css';

// the diagrams and Mermaid are downloaded only when an operator opens the Flows section
const Flows = lazy(() => import('./Flows.tsx'));

type SessionSnap = SnapshotFrom<typeof sessionMachine>;
export const SECTIONS = [
  'deposits',
  'withdrawals',
  'chain',
  'kyc',
  'addresses',
  'exposure',
  'operators',
  'smart',
  'loans',
  'nfts',
  'support',
  'outbox',
  'audit',
  'jobs',
  'flows',
] as const;
export type Section = (typeof SECTIONS)[number];

/**
 * The operator console (/admin, /admin/<section>): a lazy chunk, shown only to a logged-in
 * operator; a signed-out visitor is sent to the sign-in (and back here after it), anyone else to /. The server refuses non-operators anyway (401 / 10045): this
 * guard only keeps the screen from showing.
 */
export default function AdminScreen() {
  const { t } = useTranslation();
  const { session } = useAppActors();
  const booting = useSelector(session, (s: SessionSnap) => s.matches({ auth: 'booting' }));
  const loggedIn = useSelector(session, (s: SessionSnap) => s.matches({ auth: 'loggedIn' }));
  const role = useSelector(session, (s: SessionSnap) => s.context.user?.role ?? null);
  const [path] = useLocation();
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
  if (part && !(SECTIONS as readonly string[]).includes(part)) return <Redirect to="/admin" replace />;
  const section: Section = (part || 'deposits') as Section;
  return (
    <div className={screens.stack} data-testid="admin" data-section={section}>
      <section className={screens.card} aria-labelledby="admin-title">
        <div className={screens.cardHead}>
          <h1 id="admin-title" className={own.title}>
            {t('admin.title')}
          </h1>
          <nav className={styles.nav} aria-label={t('admin.title')}>
            {SECTIONS.map((s) => (
              <Link key={s} href={`/admin/${s}`} aria-current={s === section ? 'page' : undefined} data-testid={`admin-nav-${s}`}>
                {t(s === 'kyc' ? 'kyc.admin.section' : `admin.sections.${s}`)}
              </Link>
            ))}
          </nav>
        </div>
      </section>
      <FirstRun />
      {section === 'deposits' && <DepositsQueue />}
      {section === 'withdrawals' && <WithdrawalsQueue />}
      {section === 'chain' && <ChainConsole />}
      {section === 'kyc' && <KycQueue />}
      {section === 'addresses' && <Addresses />}
      {section === 'exposure' && <Exposure />}
      {section === 'operators' && <Operators />}
      {section === 'smart' && <SmartConsole />}
      {section === 'loans' && <LoansQueue />}
      {section === 'support' && <SupportConsole />}
      {section === 'nfts' && <NftConsole />}
      {section === 'outbox' && <Outbox />}
      {section === 'audit' && <AuditLog />}
      {section === 'jobs' && <Jobs />}
      {section === 'flows' && (
        <Suspense
          fallback={
            <div className={screens.card} aria-busy="true">
              {t('common.loading')}
            </div>
          }
        >
          <Flows />
        </Suspense>
      )}
    </div>
  );
}
