import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { headOf } from '../platform/ops/queueAges.ts';
import { loans } from './schema.ts';
import { createMailer } from '../platform/mail/mailer.ts';
import { signatureFilesKnown } from './review.ts';
import { LoansService } from './service.ts';
import { resolveTerms } from './terms.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Loans: terms, submissions, review, interest, LTV watch, repayment (server/loans/service.ts). */
    loans: LoansService;
  }
}

/** Plugin 'loans': decorates `app.loans`. Its scheduler is an engine (server/loans/engine.ts). */
async function loansPlugin(app: FastifyInstance) {
  const config = app.config;
  const log = app.log.child({ module: 'loans' });
  app.decorate(
    'loans',
    new LoansService({
      db: app.db,
      bus: app.bus,
      log,
      now: () => app.clock.now(),
      terms: resolveTerms(config.loanTerms),
      market: app.market,
      // margin calls and liquidations are mailed too; without any delivery channel, in-app only
      mailer: config.smtpUrl || config.consoleDelivery ? createMailer(config, app.db, log) : null,
      images: { maxSide: config.uploadMaxImageSide },
      operatorProbationHours: config.operatorProbationHours,
      files: app.files,
    }),
  );
  app.files.owner('loan-signature', (keys) => signatureFilesKnown(app.db, keys));
  // the operators' queue: its oldest pending item (issue 42)
  app.queueAges.declare('loans', () =>
    headOf(app.db, { table: loans, status: loans.status, createdAt: loans.createdAt }, 'pending_review'),
  );
}

export default fp(loansPlugin, { name: 'loans', dependencies: ['platform', 'ops', 'files', 'market'] });
