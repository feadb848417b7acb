import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PasskeyRegisterBody, PasskeySignInBody } from '../../../src/contract/passkeys.ts';
import type { PasskeyReviewWindowBody } from '../../../src/contract/reviewWindow.ts';
import { createMailer } from '../../platform/mail/mailer.ts';
import {
  listPasskeys,
  registerPasskey,
  registrationOptions,
  removePasskey,
  signInOptions,
  signInWithPasskey,
  type PasskeyDeps,
} from './passkeys.ts';
import type { Client } from '../sessions.ts';
import { hasPasskey, reviewOptions, verifyReviewPasskey } from './stepUp.ts';

/** Passkeys (`app.passkeys`, server/auth/passkeys/passkeys.ts): register, list, remove, sign in. */
export class PasskeyService {
  constructor(private readonly deps: PasskeyDeps) {}
  registrationOptions(userId: bigint) {
    return registrationOptions(this.deps, userId);
  }
  register(userId: bigint, body: PasskeyRegisterBody, client: Client) {
    return registerPasskey(this.deps, userId, body, client);
  }
  list(userId: bigint) {
    return listPasskeys(this.deps.db, userId);
  }
  remove(userId: bigint, id: bigint, client: Client) {
    return removePasskey(this.deps, userId, id, client);
  }
  signInOptions() {
    return signInOptions(this.deps);
  }
  signIn(body: PasskeySignInBody, client: Client) {
    return signInWithPasskey(this.deps, body, client);
  }
  /** The operator's review window opened with a passkey (stepUp.ts). */
  hasAny(userId: bigint) {
    return hasPasskey(this.deps.db, userId);
  }
  reviewOptions(userId: bigint) {
    return reviewOptions(this.deps, userId);
  }
  verifyReview(userId: bigint, body: PasskeyReviewWindowBody) {
    return verifyReviewPasskey(this.deps, userId, body);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Passkeys: registration, the list, removal and sign-in (server/auth/passkeys/passkeys.ts). */
    passkeys: PasskeyService;
  }
}

/** Plugin 'passkeys': decorates `app.passkeys`. */
async function passkeysPlugin(app: FastifyInstance) {
  app.decorate(
    'passkeys',
    new PasskeyService({
      db: app.db,
      config: app.config,
      clock: app.clock,
      bus: app.bus,
      log: app.log,
      mailer: createMailer(app.config, app.db, app.log),
    }),
  );
}

export default fp(passkeysPlugin, { name: 'passkeys', dependencies: ['platform', 'accounts'] });
