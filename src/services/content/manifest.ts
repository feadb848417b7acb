import type { ClientDomainManifest } from '../platform/domain.ts';
import { HomeIcon } from '../../views/platform/components/Icons.tsx';
// the home page is in the entry chunk (every other screen is its own)
import { Home } from '../../views/content/Home.tsx';

/** The home page, content pages, help, FAQs and notices (docs/content.md). */
export default {
  name: 'content',
  routes: [
    { path: '/', component: Home, title: 'nav.home' },
    { path: '/help', load: () => import('../../views/content/Help.tsx'), title: 'help.title' },
    { path: '/help/faq', load: () => import('../../views/content/Faq.tsx'), title: 'help.faq' },
    { path: '/help/notice', load: () => import('../../views/content/Notices.tsx'), title: 'help.notices' },
    // titled by the page's title
    {
      path: '/detail',
      load: () => import('../../views/content/Detail.tsx'),
      titleFrom: (q) => (q.get('title') ?? '').slice(0, 80),
    },
    { path: '/introduction', load: () => import('../../views/content/Introduction.tsx'), title: 'help.about' },
  ],
  destinations: [{ to: '/', key: 'nav.home', Icon: HomeIcon, place: 0 }],
  footer: [
    { to: '/help', key: 'help.title' },
    { to: '/introduction', key: 'help.about' },
  ],
  keyRoot: 'content',
  isPublic: () => true,
} as const satisfies ClientDomainManifest;
