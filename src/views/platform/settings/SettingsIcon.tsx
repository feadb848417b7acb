import type { SVGProps } from 'react';
import { iconBase } from '../components/Icons.tsx';

/** A gear: the account menu's way to settings. Kept out of Icons.tsx, which the home page loads, as only lazy screens draw it. */
export const SettingsIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...iconBase(p)}>
    <circle cx="12" cy="12" r="3" />
    <path d="M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1" />
  </svg>
);
