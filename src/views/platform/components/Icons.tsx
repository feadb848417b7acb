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
/** The common look of these icons, for an icon drawn by a lazily loaded screen only (kept out of the home page's code). */
export { base as iconBase };

/** The brand's mark: a rising line in a rounded square (both top bars, beside the short brand). */
export const BrandMark = (p: P) => (
  <svg {...base({ width: 22, height: 22, strokeWidth: 2.2, ...p })}>
    <rect x="2.5" y="2.5" width="19" height="19" rx="5" />
    <path d="M6.5 15.5l3.5-4 3 2.5 4.5-6" />
  </svg>
);
export const HomeIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="M3 11l9-7 9 7" />
    <path d="M5 10v10h14V10" />
    <path d="M10 20v-6h4v6" />
  </svg>
);
export const MarketIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="M4 19V5" />
    <path d="M4 19h16" />
    <path d="M7 15l4-4 3 3 5-6" />
  </svg>
);
export const TradingIcon = (p: P) => (
  <svg {...base(p)}>
    <rect x="5" y="8" width="14" height="11" rx="3" />
    <path d="M12 4v4" />
    <circle cx="12" cy="3.5" r="1" />
    <circle cx="9.5" cy="13" r="1.2" />
    <circle cx="14.5" cy="13" r="1.2" />
    <path d="M9.5 16.5h5" />
  </svg>
);
export const LoanIcon = (p: P) => (
  <svg {...base(p)}>
    <circle cx="12" cy="12" r="8" />
    <path d="M14.5 9.5c-.5-1-1.5-1.5-2.5-1.5-1.4 0-2.5.8-2.5 2s1.1 1.7 2.5 2 2.5.8 2.5 2-1.1 2-2.5 2c-1 0-2-.5-2.5-1.5" />
    <path d="M12 6.5V8M12 16v1.5" />
  </svg>
);
export const NftIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="M12 3l8 4.5v9L12 21l-8-4.5v-9z" />
    <path d="M12 8.5c1.2-1.6 4-1 4 1.2 0 2-4 4.3-4 4.3s-4-2.3-4-4.3c0-2.2 2.8-2.8 4-1.2z" />
  </svg>
);
export const AccountIcon = (p: P) => (
  <svg {...base(p)}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 20c1.5-3.5 4.5-5 8-5s6.5 1.5 8 5" />
  </svg>
);
export const BellIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" />
    <path d="M10 20a2 2 0 0 0 4 0" />
  </svg>
);
export const ServiceIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="M4 14v-2a8 8 0 0 1 16 0v2" />
    <rect x="3" y="13" width="4" height="6" rx="1.5" />
    <rect x="17" y="13" width="4" height="6" rx="1.5" />
    <path d="M19 19c0 1.5-2 2.5-5 2.5" />
  </svg>
);
export const GlobeIcon = (p: P) => (
  <svg {...base(p)}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18" />
    <path d="M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z" />
  </svg>
);
export const BackIcon = (p: P) => (
  <svg {...base({ ...p, className: `mirror ${p.className ?? ''}` })}>
    <path d="M15 5l-7 7 7 7" />
  </svg>
);
export const ChevronIcon = (p: P) => (
  <svg {...base({ ...p, className: `mirror ${p.className ?? ''}` })}>
    <path d="M9 5l7 7-7 7" />
  </svg>
);
export const SearchIcon = (p: P) => (
  <svg {...base(p)}>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-4-4" />
  </svg>
);
export const StarIcon = ({ filled, ...p }: P & { filled?: boolean }) => (
  <svg {...base(p)} fill={filled ? 'currentColor' : 'none'}>
    <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
  </svg>
);
export const MenuIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </svg>
);
export const CloseIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="M6 6l12 12M18 6L6 18" />
  </svg>
);
export const DiscordIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="M8 7c-1.5.3-2.8.8-4 1.5-1.2 2.5-1.7 5.5-1.5 8.5 1.5 1.1 3 1.8 4.5 2.2l1-1.7" />
    <path d="M16 7c1.5.3 2.8.8 4 1.5 1.2 2.5 1.7 5.5 1.5 8.5-1.5 1.1-3 1.8-4.5 2.2l-1-1.7" />
    <path d="M7 16c3 1.5 7 1.5 10 0" />
    <circle cx="9.5" cy="12.5" r="1.2" />
    <circle cx="14.5" cy="12.5" r="1.2" />
  </svg>
);
export const TwitterIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="M4 4l16 16M20 4L4 20" />
  </svg>
);
export const TelegramIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="M21 4L3 11l6 2.5L18 7l-7 8v5l3.5-4 4 3z" />
  </svg>
);
// the profile menu, the help tiles and the forms: the same line set (24 px grid, 1.8 stroke), no glyphs
export const WalletIcon = (p: P) => (
  <svg {...base(p)}>
    <rect x="3" y="6" width="18" height="13" rx="2.5" />
    <path d="M3 10h18" />
    <path d="M16 14.5h2" />
    <path d="M6 6l9-3 1.5 3" />
  </svg>
);
export const ListIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="M9 6h11M9 12h11M9 18h11" />
    <circle cx="4.5" cy="6" r="1" />
    <circle cx="4.5" cy="12" r="1" />
    <circle cx="4.5" cy="18" r="1" />
  </svg>
);
export const InviteIcon = (p: P) => (
  <svg {...base(p)}>
    <circle cx="10" cy="8" r="4" />
    <path d="M2.5 20c1.3-3.3 4.2-5 7.5-5 1.6 0 3.1.4 4.3 1.2" />
    <path d="M19 14v6M16 17h6" />
  </svg>
);
export const KeyIcon = (p: P) => (
  <svg {...base(p)}>
    <circle cx="8" cy="15" r="4" />
    <path d="M11 12l8-8" />
    <path d="M16 7l2.5 2.5M14 9l2 2" />
  </svg>
);
export const DevicesIcon = (p: P) => (
  <svg {...base(p)}>
    <rect x="2.5" y="5" width="13" height="10" rx="1.5" />
    <path d="M6 19h6M9 15v4" />
    <rect x="17" y="8" width="4.5" height="11" rx="1" />
  </svg>
);
export const HelpIcon = (p: P) => (
  <svg {...base(p)}>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.6v.6" />
    <circle cx="12" cy="17" r=".6" />
  </svg>
);
export const InfoIcon = (p: P) => (
  <svg {...base(p)}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v6" />
    <circle cx="12" cy="7.8" r=".6" />
  </svg>
);
export const ShieldIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="M12 3l7 3v5.5c0 4.3-3 7.8-7 9.5-4-1.7-7-5.2-7-9.5V6z" />
    <path d="M9 12l2 2 4-4" />
  </svg>
);
export const EyeIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" />
    <circle cx="12" cy="12" r="3" />
  </svg>
);
export const EyeOffIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="M4 4l16 16" />
    <path d="M9.9 5.8A9.6 9.6 0 0 1 12 5.5c6 0 9.5 6.5 9.5 6.5a16 16 0 0 1-3 3.7M6.3 7.4A15.6 15.6 0 0 0 2.5 12S6 18.5 12 18.5c1.6 0 3-.4 4.2-1" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
  </svg>
);
export const CheckIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </svg>
);
export const CircleIcon = (p: P) => (
  <svg {...base(p)}>
    <circle cx="12" cy="12" r="7" />
  </svg>
);
