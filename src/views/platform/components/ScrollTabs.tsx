import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BackIcon, ChevronIcon } from './Icons.tsx';
import own from './ScrollTabs.module.css';

/**
 * A row of tabs that may be wider than the screen (five markets and the watchlist on a 390 px
 * phone, longer still in Arabic): it scrolls sideways, a fade and an arrow button on each side
 * where tabs are hidden say so, and the selected tab is brought to the middle when picked.
 */
export function ScrollTabs({ label, selected, children }: { label: string; selected: string; children: ReactNode }) {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ start: false, end: false });
  const measure = useCallback(() => {
    const el = list.current;
    if (!el) return;
    // right to left, scrollLeft runs from 0 down to -max: its size is the distance from the start
    const pos = Math.abs(el.scrollLeft);
    const max = el.scrollWidth - el.clientWidth;
    setMore((m) => {
      const next = { start: pos > 1, end: pos < max - 1 };
      return m.start === next.start && m.end === next.end ? m : next;
    });
  }, []);
  useEffect(() => {
    const el = list.current;
    if (!el) return;
    measure();
    const seen = new ResizeObserver(measure);
    seen.observe(el);
    return () => seen.disconnect();
  }, [measure]);
  useEffect(() => {
    list.current?.querySelector('[aria-selected=true]')?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [selected]);
  const page = (toEnd: boolean) => {
    const el = list.current;
    if (!el) return;
    const rtl = getComputedStyle(el).direction === 'rtl';
    el.scrollBy({ left: (toEnd !== rtl ? 1 : -1) * el.clientWidth * 0.7, behavior: 'smooth' });
  };
  return (
    <div className={own.scroller} data-more-start={more.start} data-more-end={more.end} data-testid="tabs-scroller">
      {/* the arrows are for a pointer: the keyboard reaches every tab itself */}
      <button
        type="button"
        className={own.arrowStart}
        tabIndex={-1}
        aria-label={t('newuser.market.tabsBack')}
        hidden={!more.start}
        onClick={() => page(false)}
        data-testid="tabs-back"
      >
        <BackIcon width={18} height={18} />
      </button>
      <div ref={list} className={own.tabs} role="tablist" aria-label={label} onScroll={measure}>
        {children}
      </div>
      <button
        type="button"
        className={own.arrowEnd}
        tabIndex={-1}
        aria-label={t('newuser.market.tabsMore')}
        hidden={!more.end}
        onClick={() => page(true)}
        data-testid="tabs-more"
      >
        <ChevronIcon width={18} height={18} />
      </button>
    </div>
  );
}
