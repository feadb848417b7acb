import type { SVGProps } from 'react';

/** Inline line icons (no icon font, no extra request). Decorative: labels live on the controls. */
type P = SVGProps<SVGSVGElement>;
const base = (props: P) => ({
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
  ...props,
});

export const HomeIcon = (p: P) => (<svg {...base(p)}><path d="M3 11l9-7 9 7" /><path d="M5 10v10h14V10" /><path d="M10 20v-6h4v6" /></svg>);
export const MarketIcon = (p: P) => (<svg {...base(p)}><path d="M4 19V5" /><path d="M4 19h16" /><path d="M7 15l4-4 3 3 5-6" /></svg>);
export const TradingIcon = (p: P) => (<svg {...base(p)}><rect x="5" y="8" width="14" height="11" rx="3" /><path d="M12 4v4" /><circle cx="12" cy="3.5" r="1" /><circle cx="9.5" cy="13" r="1.2" /><circle cx="14.5" cy="13" r="1.2" /><path d="M9.5 16.5h5" /></svg>);
export const LoanIcon = (p: P) => (<svg {...base(p)}><circle cx="12" cy="12" r="8" /><path d="M14.5 9.5c-.5-1-1.5-1.5-2.5-1.5-1.4 0-2.5.8-2.5 2s1.1 1.7 2.5 2 2.5.8 2.5 2-1.1 2-2.5 2c-1 0-2-.5-2.5-1.5" /><path d="M12 6.5V8M12 16v1.5" /></svg>);
export const NftIcon = (p: P) => (<svg {...base(p)}><path d="M12 3l8 4.5v9L12 21l-8-4.5v-9z" /><path d="M12 8.5c1.2-1.6 4-1 4 1.2 0 2-4 4.3-4 4.3s-4-2.3-4-4.3c0-2.2 2.8-2.8 4-1.2z" /></svg>);
export const AccountIcon = (p: P) => (<svg {...base(p)}><circle cx="12" cy="8" r="4" /><path d="M4 20c1.5-3.5 4.5-5 8-5s6.5 1.5 8 5" /></svg>);
export const BellIcon = (p: P) => (<svg {...base(p)}><path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" /><path d="M10 20a2 2 0 0 0 4 0" /></svg>);
export const ServiceIcon = (p: P) => (<svg {...base(p)}><path d="M4 14v-2a8 8 0 0 1 16 0v2" /><rect x="3" y="13" width="4" height="6" rx="1.5" /><rect x="17" y="13" width="4" height="6" rx="1.5" /><path d="M19 19c0 1.5-2 2.5-5 2.5" /></svg>);
export const GlobeIcon = (p: P) => (<svg {...base(p)}><circle cx="12" cy="12" r="9" /><path d="M3 12h18" /><path d="M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z" /></svg>);
export const BackIcon = (p: P) => (<svg {...base({ ...p, className: `mirror ${p.className ?? ''}` })}><path d="M15 5l-7 7 7 7" /></svg>);
export const ChevronIcon = (p: P) => (<svg {...base({ ...p, className: `mirror ${p.className ?? ''}` })}><path d="M9 5l7 7-7 7" /></svg>);
export const SearchIcon = (p: P) => (<svg {...base(p)}><circle cx="11" cy="11" r="7" /><path d="M20 20l-4-4" /></svg>);
export const StarIcon = ({ filled, ...p }: P & { filled?: boolean }) => (
  <svg {...base(p)} fill={filled ? 'currentColor' : 'none'}><path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" /></svg>
);
export const MenuIcon = (p: P) => (<svg {...base(p)}><path d="M4 7h16M4 12h16M4 17h16" /></svg>);
export const CloseIcon = (p: P) => (<svg {...base(p)}><path d="M6 6l12 12M18 6L6 18" /></svg>);
export const DiscordIcon = (p: P) => (<svg {...base(p)}><path d="M8 7c-1.5.3-2.8.8-4 1.5-1.2 2.5-1.7 5.5-1.5 8.5 1.5 1.1 3 1.8 4.5 2.2l1-1.7" /><path d="M16 7c1.5.3 2.8.8 4 1.5 1.2 2.5 1.7 5.5 1.5 8.5-1.5 1.1-3 1.8-4.5 2.2l-1-1.7" /><path d="M7 16c3 1.5 7 1.5 10 0" /><circle cx="9.5" cy="12.5" r="1.2" /><circle cx="14.5" cy="12.5" r="1.2" /></svg>);
export const TwitterIcon = (p: P) => (<svg {...base(p)}><path d="M4 4l16 16M20 4L4 20" /></svg>);
export const TelegramIcon = (p: P) => (<svg {...base(p)}><path d="M21 4L3 11l6 2.5L18 7l-7 8v5l3.5-4 4 3z" /></svg>);
