import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { call } from '../platform/api.ts';
// types only: the TypeBox builders of the contract stay out of the browser bundle
import type { JobsAnswer, JobStatus } from '../../contract/ops.ts';
import type { QueueAge, QueueAges } from '../../contract/reviewQueues.ts';
import type { ReviewWindowState } from '../../contract/reviewWindow.ts';

export type { JobsAnswer, JobStatus, QueueAge, ReviewWindowState };

export const opsApi = {
  /** operator console: who leads each leader job and how its last run went (read-only) */
  jobs: (signal?: AbortSignal) => call<JobsAnswer>('/admin-api/jobs', { signal }),
  /** how many wait in each review queue and how long the oldest has */
  queueAges: (signal?: AbortSignal) => call<QueueAges>('/admin-api/queues/ages', { signal }),
  /** this session's review window (docs/security.md, "Review window") */
  reviewWindow: (signal?: AbortSignal) => call<ReviewWindowState>('/admin-api/review-window', { signal }),
  /** a challenge for the operator's passkey, then its signed answer: the window opens (no code) */
  reviewWindowPasskeyOptions: (signal?: AbortSignal) =>
    call<PublicKeyCredentialRequestOptionsJSON>('/admin-api/review-window/passkeyOptions', { method: 'POST', body: {}, signal }),
  openReviewWindowWithPasskey: (response: unknown, signal?: AbortSignal) =>
    call<ReviewWindowState>('/admin-api/review-window/passkey', { method: 'POST', body: { response }, signal }),
  closeReviewWindow: () => call<ReviewWindowState>('/admin-api/review-window/close', { method: 'POST', body: {} }),
};
