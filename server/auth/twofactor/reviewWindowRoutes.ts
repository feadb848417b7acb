/**
 * The operator's review window on the wire (`/admin-api/review-window`, operators only;
 * docs/security.md, "Review window"). Handlers parse and call `app.reviewWindow`.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PasskeySignInOptions } from '../../../src/contract/passkeys.ts';
import { OpenReviewWindowBody, PasskeyReviewWindowBody, ReviewWindowState } from '../../../src/contract/reviewWindow.ts';
import { operatorRoutes } from '../../platform/http/operatorRoutes.ts';
import { NoFields } from '../routeParts.ts';

const W = '/review-window';

const reviewWindowRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const op = operatorRoutes(app);
  op.get(W, { summary: "This session's review window: open or not, and when it closes", result: ReviewWindowState }, (r) =>
    app.reviewWindow.state(r.operator),
  );
  op.post(
    W,
    { body: OpenReviewWindowBody, summary: 'Open the review window with a fresh authenticator code', result: ReviewWindowState },
    (r) => app.reviewWindow.openWithCode(r.operator, r.body.code),
  );
  op.post(
    `${W}/passkeyOptions`,
    {
      body: Type.Optional(NoFields),
      summary: "Options for startAuthentication with one of this operator's passkeys (a challenge that works once, 5 minutes)",
      result: PasskeySignInOptions,
    },
    (r) => app.reviewWindow.passkeyOptions(r.operator),
  );
  op.post(
    `${W}/passkey`,
    { body: PasskeyReviewWindowBody, summary: "Open the review window with a passkey's answer", result: ReviewWindowState },
    (r) => app.reviewWindow.openWithPasskey(r.operator, r.body),
  );
  op.post(
    `${W}/close`,
    { body: Type.Optional(NoFields), summary: 'Close the review window now', result: ReviewWindowState },
    (r) => app.reviewWindow.close(r.operator),
  );
};

export default fp(reviewWindowRoutes, {
  name: 'review-window-routes',
  dependencies: ['twoFactor', 'guard', 'errors'],
  encapsulate: true,
});
