import { createStore } from '@xstate/store';

/** Toasts shown by the shell. Services and the root's provided actions push; the view renders. */
export interface Toast {
  id: number;
  kind: 'error' | 'success' | 'info';
  text: string;
  /** the sign of the outcome the text states (a closed position's result): its colour */
  tone?: 'up' | 'down' | 'flat';
}

let next = 1;
export const toasts = createStore({
  context: { items: [] as Toast[] },
  on: {
    push: (ctx, e: { kind: Toast['kind']; text: string; tone?: Toast['tone'] }) => {
      // the same message twice in a row (e.g. several failing calls) is shown once
      if (ctx.items.some((t) => t.text === e.text)) return ctx;
      return { items: [...ctx.items.slice(-3), { id: next++, kind: e.kind, text: e.text, ...(e.tone ? { tone: e.tone } : {}) }] };
    },
    dismiss: (ctx, e: { id: number }) => ({ items: ctx.items.filter((t) => t.id !== e.id) }),
  },
});

export function toast(text: string, kind: Toast['kind'] = 'error', tone?: Toast['tone']): void {
  toasts.trigger.push({ kind, text, tone });
  const id = toasts.getSnapshot().context.items.at(-1)?.id;
  if (id !== undefined) setTimeout(() => toasts.trigger.dismiss({ id }), 4000);
}
