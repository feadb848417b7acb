/**
 * The operator's review window as the console asks for it (`app.reviewWindow`): its state, opened
 * with an authenticator code or a passkey, closed by hand (docs/security.md, "Review window").
 * The money reviews themselves meet it in the step-up check (stepUp.ts).
 */
import { Err } from '../../../src/contract/errors.ts';
import type { PasskeyReviewWindowBody, ReviewWindowState } from '../../../src/contract/reviewWindow.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { BizError } from '../../platform/http/errors.ts';
import type { PasskeyService } from '../passkeys/plugin.ts';
import type { SessionUser } from '../sessions.ts';
import { checkSecondFactor, twoFactorOn } from './check.ts';
import { closeWindows, openWindow, windowState, type ReviewWindowPolicy } from './reviewWindow.ts';
import type { SecretKeys } from './secret.ts';

export interface ReviewWindowDeps {
  db: Db;
  keys: SecretKeys;
  clock: Clock;
  policy: ReviewWindowPolicy;
  operatorRequired: boolean;
  passkeys: Pick<PasskeyService, 'reviewOptions' | 'verifyReview' | 'hasAny'>;
}

export class ReviewWindowService {
  constructor(private readonly d: ReviewWindowDeps) {}

  async state(s: SessionUser): Promise<ReviewWindowState> {
    const asked = this.d.operatorRequired || (await twoFactorOn(this.d.db, s.id)) || (await this.d.passkeys.hasAny(s.id));
    return { asked, ...(await windowState(this.d.db, s.sessionId, this.d.clock.now(), this.d.policy)) };
  }

  /** A fresh authenticator code (10215 without one on; 10210, 10211, 10049 as at every step-up). */
  async openWithCode(s: SessionUser, code: string): Promise<ReviewWindowState> {
    if (!(await twoFactorOn(this.d.db, s.id))) throw new BizError(Err.TWO_FACTOR_NOT_ON);
    const now = this.d.clock.now();
    await checkSecondFactor({ db: this.d.db, keys: this.d.keys, userId: s.id, code, nowMs: now, recovery: false });
    await openWindow(this.d.db, { sessionId: s.sessionId, userId: s.id }, 'totp', now, this.d.policy);
    return this.state(s);
  }

  passkeyOptions(s: SessionUser) {
    return this.d.passkeys.reviewOptions(s.id);
  }

  async openWithPasskey(s: SessionUser, body: PasskeyReviewWindowBody): Promise<ReviewWindowState> {
    await this.d.passkeys.verifyReview(s.id, body);
    await openWindow(this.d.db, { sessionId: s.sessionId, userId: s.id }, 'passkey', this.d.clock.now(), this.d.policy);
    return this.state(s);
  }

  async close(s: SessionUser): Promise<ReviewWindowState> {
    await closeWindows(this.d.db, s.sessionId, this.d.clock.now());
    return this.state(s);
  }
}
