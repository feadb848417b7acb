/**
 * Step-up: with two-factor sign-in on, some calls need a fresh code from the authenticator app
 * in the request (header `x-two-factor-code`, STEP_UP_HEADER), checked here before the route's
 * handler runs, so a refusal (10212 missing, 10210 wrong, 10211 used, 10049 waiting) writes
 * nothing of the action. A session alone (a stolen token, a stolen password) cannot move money
 * or change credentials. Operators' money reviews also need the operator to have a second factor
 * at all when OPERATOR_2FA_REQUIRED (10217); for them one fresh factor opens a review window on
 * the session (reviewWindow.ts) and the reviews inside it need no code (10219 once it closed).
 *
 * The routes are named here, by method and full URL, and the check is appended to their
 * preHandlers when they are registered (onRoute), after the route's own guard: the domains'
 * routes stay as they are. A domain adding a call that needs a code adds its URL here.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import { Err } from '../../../src/contract/errors.ts';
import { STEP_UP_HEADER } from '../../../src/contract/twoFactor.ts';
import type { ReviewWindowRef } from '../../../src/contract/reviewWindow.ts';
import { runInReviewWindow } from '../../platform/audit/reviewContext.ts';
import { BizError } from '../../platform/http/errors.ts';
import { STEP_UP_FLAG } from '../../platform/http/openApi.ts';
import { checkSecondFactor, twoFactorOn } from './check.ts';
import { openWindow, reviewInWindow, windowRef, type ReviewWindowPolicy } from './reviewWindow.ts';
import type { SecretKeys } from './secret.ts';

/** Customer calls that need a code when the user has two-factor sign-in on. */
export const STEP_UP_ROUTES = new Set([
  'POST /swx/customer/user/withdrawal',
  // the change form only (with oldPassword); a reset is signed out and proves the address
  'POST /swx/customer/user/repassword',
  // the withdrawal address list: the allowlist switch, a saved address, a removal
  'POST /swx/customer/user/allowlist',
  'POST /swx/customer/user/allowlist/addresses',
  'POST /swx/customer/user/allowlist/addresses/:id/remove',
  // an API key: it can trade and withdraw without a session (server/auth/apiKeys)
  'POST /swx/customer/user/apiKeys',
]);

/** Operators' money reviews: inside a review window when a second factor is on; OPERATOR_2FA_REQUIRED makes one required. */
export const MONEY_REVIEW_ROUTES = new Set([
  'POST /admin-api/deposits/:id/approve',
  'POST /admin-api/deposits/:id/reject',
  'POST /admin-api/withdrawals/:id/approve',
  'POST /admin-api/withdrawals/:id/reject',
  // several rejected with one reason
  'POST /admin-api/deposits/reject',
  'POST /admin-api/withdrawals/reject',
  'POST /admin-api/loans/:id/approve',
  'POST /admin-api/loans/:id/reject',
  'POST /admin-api/loans/reject',
  'POST /admin-api/operator-proposals/:id/confirm',
  'POST /admin-api/operator-proposals/:id/reject',
  // house capital into or out of the yield reserve (docs/smart-plans.md)
  'POST /admin-api/smart/reserve/:id/confirm',
  'POST /admin-api/smart/reserve/:id/reject',
]);

const routeKey = (method: string, url: string) => `${method.toUpperCase()} ${url}`;

/** The code sent with a request, when there is one (one header value). */
export function stepUpCode(req: FastifyRequest): string | undefined {
  const h = req.headers[STEP_UP_HEADER];
  const v = Array.isArray(h) ? h[0] : h;
  return v && v.trim() ? v.trim() : undefined;
}

export interface StepUpDeps {
  keys: SecretKeys;
  operatorRequired: boolean;
  window: ReviewWindowPolicy;
  /** the operator has a passkey (a second factor for the review window) */
  hasPasskey: (userId: bigint) => Promise<boolean>;
}

/** The window a money review was let through in, for the audit lines its handler writes. */
const reviewWindowOf = new WeakMap<FastifyRequest, ReviewWindowRef>();

/**
 * A money review: through the session's open window, or with a fresh code that opens one. An
 * operator with no second factor passes only while OPERATOR_2FA_REQUIRED is off (as before the
 * window); the window is the session's, so a stolen token alone does not carry one.
 */
export async function requireReviewWindow(app: FastifyInstance, deps: StepUpDeps, req: FastifyRequest): Promise<void> {
  const user = req.user;
  if (!user) return; // the route's own guard answers
  const totp = await twoFactorOn(app.db, user.id);
  if (!totp && !(await deps.hasPasskey(user.id))) {
    if (deps.operatorRequired) throw new BizError(Err.OPERATOR_TWO_FACTOR_REQUIRED);
    return;
  }
  const now = app.clock.now();
  const open = await reviewInWindow(app.db, user.sessionId, now, deps.window);
  if (open) {
    reviewWindowOf.set(req, windowRef(open));
    return;
  }
  const code = stepUpCode(req);
  if (!code) throw new BizError(Err.REVIEW_WINDOW_CLOSED, { minutes: Math.round(deps.window.lengthMs / 60_000) });
  await checkSecondFactor({ db: app.db, keys: deps.keys, userId: user.id, code, nowMs: now, recovery: false });
  const opened = await openWindow(app.db, { sessionId: user.sessionId, userId: user.id }, 'totp', now, deps.window);
  reviewWindowOf.set(req, windowRef(opened));
}

/** The rest of the request (the handler) runs inside the window, so its audit lines name it. */
function enterReviewWindow(req: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const ref = reviewWindowOf.get(req);
  if (ref) runInReviewWindow(ref, done);
  else done();
}

/**
 * Requires a fresh code from the signed-in user when they have two-factor sign-in on (a
 * customer's step-up: one code per action). Usable by any handler that needs a code outside the
 * route lists (e.g. a body field instead of the header).
 */
export async function requireFreshCode(app: FastifyInstance, deps: StepUpDeps, req: FastifyRequest): Promise<void> {
  const user = req.user;
  if (!user) return; // the route's own guard answers
  // a signed request has no one to ask: the key was made with a code, and withdraws only to
  // addresses saved with one (server/auth/apiKeys/authenticate.ts)
  if (req.apiKey) return;
  if (!(await twoFactorOn(app.db, user.id))) return;
  const code = stepUpCode(req);
  if (!code) throw new BizError(Err.TWO_FACTOR_CODE_REQUIRED);
  await checkSecondFactor({ db: app.db, keys: deps.keys, userId: user.id, code, nowMs: app.clock.now(), recovery: false });
}

/** Adds the step-up check to every listed route registered after this call. */
export function installStepUp(app: FastifyInstance, deps: StepUpDeps): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const keys = methods.map((m) => routeKey(m, route.url));
    const review = keys.some((k) => MONEY_REVIEW_ROUTES.has(k));
    if (!review && !keys.some((k) => STEP_UP_ROUTES.has(k))) return;
    // the contract lists the codes this check answers (server/platform/http/openApi.ts): the docs
    // keep the route's schema object they saw, so the flag is written into it, not a copy
    if (route.schema) (route.schema as Record<string, unknown>)[STEP_UP_FLAG] = review ? 'review' : 'customer';
    const check = async (req: FastifyRequest) => {
      // a password reset (no oldPassword) is not a change made with a session
      if (
        !review &&
        route.url.endsWith('/repassword') &&
        (req.body as { oldPassword?: string } | undefined)?.oldPassword === undefined
      )
        return;
      await (review ? requireReviewWindow(app, deps, req) : requireFreshCode(app, deps, req));
    };
    const existing =
      route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
    route.preHandler = review ? [...existing, check, enterReviewWindow] : [...existing, check];
  });
}
