import type { ClientDomainManifest } from '../platform/domain.ts';

/** The operator console's frame and its own sections: operators, audit, outbox, jobs, flows. */
export default {
  name: 'admin',
  routes: [
    // the console: its own chunk, never part of the home page's JavaScript; each section its own
    // one route for the landing and every section, so moving between them keeps the frame mounted
    { path: '/admin/:section?', load: () => import('../../views/admin/AdminScreen.tsx'), title: 'admin.title' },
  ],
  console: [
    {
      id: 'operators',
      title: 'admin.sections.operators',
      load: () => import('../../views/admin/Operators.tsx').then((m) => ({ default: m.Operators })),
    },
    {
      id: 'outbox',
      title: 'admin.sections.outbox',
      load: () => import('../../views/admin/Outbox.tsx').then((m) => ({ default: m.Outbox })),
    },
    {
      id: 'audit',
      title: 'admin.sections.audit',
      load: () => import('../../views/admin/AuditLog.tsx').then((m) => ({ default: m.AuditLog })),
    },
    {
      id: 'jobs',
      title: 'admin.sections.jobs',
      load: () => import('../../views/admin/Jobs.tsx').then((m) => ({ default: m.Jobs })),
    },
    // the diagrams and Mermaid are downloaded only when an operator opens the Flows section
    { id: 'flows', title: 'admin.sections.flows', load: () => import('../../views/admin/Flows.tsx') },
  ],
  keyRoot: 'admin',
} as const satisfies ClientDomainManifest;
