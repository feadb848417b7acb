import type { SVGProps } from 'react';

/**
 * An identity card (a photo and lines of text): the identity verification entry of the account
 * menu. Kept out of Icons.tsx, which the home page loads: only the account screen draws it.
 */
export const IdentityIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg
    width={24}
    height={24}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden
    focusable={false}
    {...p}
  >
    <rect x="2.5" y="5" width="19" height="14" rx="2" />
    <circle cx="8.5" cy="11" r="2" />
    <path d="M5.5 16c.6-1.5 1.7-2.2 3-2.2s2.4.7 3 2.2" />
    <path d="M14 10h4.5M14 13.5h3" />
  </svg>
);
