import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES, isLanguage } from '../../../i18n/languages.ts';
import { useContentLists } from '../../../services/content/queries.ts';
import { useFeedStatus, useSession } from '../app/hooks.ts';
import { useDestinations, useFooterLinks, useReducedChrome } from '../app/composition.tsx';
import { isActive } from './destinations.ts';
import { useLanguagePicker, useServiceLinks } from './useChrome.ts';
import { BellBadge } from './BellBadge.tsx';
import { SupportBadge } from '../../support/SupportBadge.tsx';
import { useCollapse } from './useCollapse.ts';
import {
  BellIcon,
  BrandMark,
  DiscordIcon,
  GlobeIcon,
  MenuIcon,
  ServiceIcon,
  TelegramIcon,
  TwitterIcon,
} from '../components/Icons.tsx';
import { FeedBadge, SimulatedBadge } from '../components/Figures.tsx';
import styles from './shell.module.css';

const SOCIAL_ICONS = { discord: DiscordIcon, twitter: TwitterIcon, telegram: TelegramIcon } as const;

export function DesktopShell({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  const { t } = useTranslation();
  const reduced = useReducedChrome(path);
  return (
    <div className={styles.page} data-shell="desktop">
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <TopBar path={path} />
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      {!reduced && <Footer />}
    </div>
  );
}

function TopBar({ path }: { path: string }) {
  const destinations = useDestinations();
  const { t } = useTranslation();
  const { loggedIn, send } = useSession();
  const { openService } = useServiceLinks();
  const lang = useLanguagePicker();
  const feed = useFeedStatus();
  const row = useRef<HTMLDivElement>(null);
  const tabs = useRef<HTMLElement>(null);
  // the six destinations go into a menu when the row does not fit (narrow window, long labels)
  const collapsed = useCollapse(row, tabs);
  return (
    <header className={styles.topBar} data-testid="top-bar">
      <div className={styles.topInner} ref={row} data-collapsed={collapsed}>
        {/* the short brand: the full one ("Trading platform", トレーディングプラットフォーム) took the room of two tabs */}
        <Link href="/" className={styles.brand} title={t('brand')}>
          <BrandMark />
          <span className={styles.brandText}>{t('brandShort')}</span>
        </Link>
        {/* the tabs stay in the page when collapsed (out of the flow, invisible) so their width is known */}
        <nav
          aria-label={t('nav.main')}
          className={styles.tabs}
          ref={tabs}
          data-measure-only={collapsed || undefined}
          aria-hidden={collapsed || undefined}
        >
          {destinations.map((d) => (
            <Link
              key={d.to}
              href={d.to}
              className={styles.tab}
              aria-current={isActive(d.to, path) ? 'page' : undefined}
              tabIndex={collapsed ? -1 : undefined}
            >
              {t(d.key)}
            </Link>
          ))}
        </nav>
        {collapsed && <NavMenu path={path} />}
        <div className={styles.tools}>
          <FeedBadge status={feed.status} compact />
          <SimulatedBadge show={feed.simulated} short />
          <button
            type="button"
            className={styles.iconButton}
            onClick={openService}
            aria-label={t('nav.service')}
            title={t('nav.service')}
          >
            <ServiceIcon />
            <SupportBadge />
          </button>
          {/* an icon with the language's short code; the native list (transparent, over it) still names each language in full */}
          <label className={styles.langSelect} title={t('nav.language')}>
            <GlobeIcon width={20} height={20} />
            <span aria-hidden="true" className={styles.langCode}>
              {lang.current.toUpperCase()}
            </span>
            <span className="visually-hidden">{t('nav.language')}</span>
            <select
              value={lang.current}
              data-testid="language-select"
              onChange={(e) => isLanguage(e.target.value) && lang.send({ type: 'language.choose', language: e.target.value })}
            >
              {LANGUAGES.map((l) => (
                <option key={l} value={l} lang={l === 'hk' ? 'zh-Hant' : l === 'zh' ? 'zh-Hans' : l}>
                  {LANGUAGE_NAMES[l]}
                </option>
              ))}
            </select>
          </label>
          {loggedIn ? (
            <>
              <Link href="/profile/notification" className={styles.iconButton} title={t('nav.notifications')} data-testid="bell">
                <span className="visually-hidden">{t('nav.notifications')}</span>
                <BellIcon />
                <BellBadge />
              </Link>
              <button
                type="button"
                className={styles.ghost}
                onClick={() => send({ type: 'session.logout' })}
                data-testid="logout"
              >
                {t('auth.logout')}
              </button>
            </>
          ) : (
            <>
              <Link href="/pass/login" className={styles.ghost} data-testid="nav-login">
                {t('nav.login')}
              </Link>
              <Link href="/pass/register" className={styles.primary} data-testid="nav-signup">
                {t('nav.signup')}
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

/** The destinations behind a menu button: a disclosure that closes on a choice, Escape or a click elsewhere. */
function NavMenu({ path }: { path: string }) {
  const destinations = useDestinations();
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const onClick = (e: MouseEvent) => !box.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, [open]);
  const current = destinations.find((d) => isActive(d.to, path));
  return (
    <div className={styles.menu} ref={box} data-menu="true">
      <button
        type="button"
        className={styles.menuButton}
        aria-expanded={open}
        aria-controls="top-menu"
        onClick={() => setOpen(!open)}
        data-testid="nav-menu"
      >
        <MenuIcon width={20} height={20} />
        <span>{current ? t(current.key) : t('nav.menu')}</span>
      </button>
      <nav id="top-menu" aria-label={t('nav.main')} className={styles.menuPanel} hidden={!open}>
        {destinations.map((d) => (
          <Link
            key={d.to}
            href={d.to}
            className={styles.tab}
            aria-current={isActive(d.to, path) ? 'page' : undefined}
            onClick={() => setOpen(false)}
          >
            {t(d.key)}
          </Link>
        ))}
      </nav>
    </div>
  );
}

function Footer() {
  const destinations = useDestinations();
  const footerLinks = useFooterLinks();
  const { t } = useTranslation();
  const { social } = useServiceLinks();
  // company, policy and statement pages, in the language on screen
  const [company, policy, other] = useContentLists().lists;
  const column = (title: string, items: { id: string; title: string; slug: string }[]) => (
    <nav aria-label={title} className={styles.footCol}>
      <h2>{title}</h2>
      <ul>
        {items.map((c) => (
          <li key={c.id}>
            <Link href={`/detail?id=${c.id}&title=${encodeURIComponent(c.title)}`}>{c.title}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
  return (
    <footer className={styles.footer} data-testid="footer">
      <div className={styles.footInner}>
        <nav aria-label={t('footer.products')} className={styles.footCol}>
          <h2>{t('footer.products')}</h2>
          <ul>
            {destinations.slice(1, 5).map((d) => (
              <li key={d.to}>
                <Link href={d.to}>{t(d.key)}</Link>
              </li>
            ))}
            {footerLinks.map((l) => (
              <li key={l.to}>
                <Link href={l.to}>{t(l.key)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        {/* "About us" is /introduction (listed above): the same page is not listed twice */}
        {column(
          t('footer.company'),
          company.filter((c) => c.slug !== 'about-us'),
        )}
        {column(t('footer.policy'), policy)}
        {column(t('footer.other'), other)}
        {social.length > 0 && (
          <div className={styles.footCol}>
            <h2>{t('footer.social')}</h2>
            <div className={styles.social}>
              {social.map((s) => {
                const Icon = SOCIAL_ICONS[s.type];
                return (
                  <a
                    key={s.type}
                    href={s.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('footer.openLink', { name: s.type })}
                    className={styles.iconButton}
                    data-testid={`social-${s.type}`}
                  >
                    <Icon />
                  </a>
                );
              })}
            </div>
          </div>
        )}
      </div>
      <p className={styles.footNote}>{t('footer.rights')}</p>
    </footer>
  );
}
