/**
 * The review window a request runs in (docs/security.md, "Review window"), carried through the
 * request's asynchronous work so every audit line the request writes names it, whichever domain
 * writes the line: the window is checked once, before the handler, by the step-up check, and the
 * deciding services (wallet, loans, smart, admin) stay unaware of it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ReviewWindowRef } from '../../../src/contract/reviewWindow.ts';

const store = new AsyncLocalStorage<ReviewWindowRef>();

/** Runs `next` (the rest of the request: the handler) inside the window. */
export function runInReviewWindow(ref: ReviewWindowRef, next: () => void): void {
  store.run(ref, next);
}

/** The window of the request being served, if it runs in one. */
export function currentReviewWindow(): ReviewWindowRef | undefined {
  return store.getStore();
}
