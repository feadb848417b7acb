import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

/**
 * Whether a row (the desktop top bar) has to collapse: true once its content is wider than the row.
 * Measured, not guessed per language: labels differ from 4 to 20 characters across the ten languages.
 * The width the expanded row needed is remembered, so the row expands again once there is room.
 * `key` changes (language, signed in or out) change what the row holds: it is measured again.
 * Layout effects and ResizeObserver run before paint, so the overflowing row is never seen.
 */
export function useCollapse(ref: RefObject<HTMLElement | null>, key: string): boolean {
  const [state, setState] = useState({ key, collapsed: false });
  const needed = useRef(0);
  // a new key starts expanded again (adjusting state during render, React's documented pattern)
  if (state.key !== key) setState({ key, collapsed: false });
  const collapsed = state.key === key && state.collapsed;
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = (sync: boolean) => {
      const set = (c: boolean) => (sync ? flushSync(() => setState({ key, collapsed: c })) : setState({ key, collapsed: c }));
      if (!collapsed && el.scrollWidth > el.clientWidth + 1) {
        needed.current = el.scrollWidth;
        set(true);
      } else if (collapsed && el.clientWidth >= needed.current) set(false);
    };
    check(false);
    const ro = new ResizeObserver(() => check(true));
    // the row and each part of it: a part that grows (a status label, a font arriving) is seen too
    ro.observe(el);
    for (const child of Array.from(el.children)) ro.observe(child);
    return () => ro.disconnect();
  }, [ref, key, collapsed]);
  return collapsed;
}
