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
import { DOCS } from './routeDocs.ts';

const W = '/review-window';

const reviewWindowRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const op = operatorRoutes(app);
  op.get(W, { ...DOCS.getReviewWindow, result: ReviewWindowState }, (r) => app.reviewWindow.state(r.operator));
  op.post(W, { ...DOCS.openReviewWindow, body: OpenReviewWindowBody, result: ReviewWindowState }, (r) =>
    app.reviewWindow.openWithCode(r.operator, r.body.code),
  );
  op.post(
    `${W}/passkeyOptions`,
    { ...DOCS.reviewWindowPasskeyOptions, body: Type.Optional(NoFields), result: PasskeySignInOptions },
    (r) => app.reviewWindow.passkeyOptions(r.operator),
  );
  op.post(
    `${W}/passkey`,
    { ...DOCS.openReviewWindowWithPasskey, body: PasskeyReviewWindowBody, result: ReviewWindowState },
    (r) => app.reviewWindow.openWithPasskey(r.operator, r.body),
  );
  op.post(`${W}/close`, { ...DOCS.closeReviewWindow, body: Type.Optional(NoFields), result: ReviewWindowState }, (r) =>
    app.reviewWindow.close(r.operator),
  );
};

export default fp(reviewWindowRoutes, {
  name: 'review-window-routes',
  dependencies: ['twoFactor', 'guard', 'errors'],
  encapsulate: true,
});
