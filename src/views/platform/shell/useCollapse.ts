import { useLayoutEffect, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

/**
 * Whether the desktop bar's tabs must go into a menu: true when the brand, the six tabs at their own
 * width and the tools do not fit the row. Measured, not guessed per language (labels differ from 2
 * to 20 characters across the ten languages), and measured again whenever a part changes size (a
 * status word appearing, a font arriving, the window). The tabs stay in the page while collapsed
 * (out of the flow and invisible), so their width is always known: the earlier version remembered
 * the width that had overflowed once, and a passing "Connecting…" kept the menu for good.
 */
export function useCollapse(row: RefObject<HTMLElement | null>, tabs: RefObject<HTMLElement | null>): boolean {
  const [collapsed, setCollapsed] = useState(false);
  useLayoutEffect(() => {
    const el = row.current;
    const nav = tabs.current;
    if (!el || !nav) return;
    const check = (sync: boolean) => {
      const css = getComputedStyle(el);
      const gap = parseFloat(css.columnGap) || 0;
      const room = el.clientWidth - (parseFloat(css.paddingInlineStart) || 0) - (parseFloat(css.paddingInlineEnd) || 0);
      const links = Array.from(nav.children).map((c) => c.getBoundingClientRect());
      const tabsWidth = links.length ? Math.max(...links.map((r) => r.right)) - Math.min(...links.map((r) => r.left)) : 0;
      // the other parts: what is in the flow besides the tabs and the menu that replaces them
      const others = Array.from(el.children).filter((c) => c !== nav && !(c as HTMLElement).dataset.menu);
      const need = others.reduce((sum, c) => sum + c.getBoundingClientRect().width, 0) + tabsWidth + gap * others.length;
      const next = need > room + 0.5;
      if (sync) flushSync(() => setCollapsed(next));
      else setCollapsed(next);
    };
    check(false);
    const ro = new ResizeObserver(() => check(true));
    ro.observe(el);
    for (const child of Array.from(el.children)) ro.observe(child);
    for (const child of Array.from(nav.children)) ro.observe(child);
    return () => ro.disconnect();
  }, [row, tabs]);
  return collapsed;
}
