import { createActor } from 'xstate';
import { stepUpMachine } from '../../machines/auth/stepUp.ts';
import { setStepUpPrompt } from '../platform/api.ts';

// A module of its own (it was in twoFactorFlows.ts): the dialog is loaded on every page right after
// the first paint, and twoFactorFlows' other machines brought the auth flows and TypeBox's 13 kB
// with it, before the largest paint of screens that need neither (docs/performance.md).

/**
 * The app's one step-up actor: the dialog (src/views/auth/StepUpDialog.tsx) creates and
 * renders it, and `useStepUpPrompt` hands it to the HTTP client as its prompt while the dialog is
 * mounted. Each ask waits for the user's code or cancellation; a second ask while one waits
 * replaces it (the earlier call gives up).
 */
export function createStepUp() {
  let pending: ((code: string | null) => void) | null = null;
  const settle = (code: string | null) => {
    const p = pending;
    pending = null;
    p?.(code);
  };
  const actor = createActor(
    stepUpMachine.provide({
      actions: {
        answered: (_, { code }) => settle(code),
        cancelled: () => settle(null),
      },
    }),
  );
  actor.start();
  /** registers the prompt; returns what unregisters it (an effect's cleanup) */
  const attach = () => {
    setStepUpPrompt(
      (message) =>
        new Promise<string | null>((resolve) => {
          settle(null);
          pending = resolve;
          actor.send({ type: 'stepUp.ask', message });
        }),
    );
    return () => {
      setStepUpPrompt(null);
      settle(null);
    };
  };
  return { actor, attach };
}
