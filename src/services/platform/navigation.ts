import { navigate as wouterNavigate } from 'wouter/use-browser-location';

/** Navigation for actors (the root supplies it to machines with .provide()). */
export function navigate(to: string, replace = false): void {
  wouterNavigate(to, { replace });
}
