import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { useSelector } from '@xstate/react';
import { LANGUAGES, LANGUAGE_NAMES } from '../../../i18n/languages.ts';
import { useAppActors } from '../app/actors.tsx';
import { useSession } from '../app/hooks.ts';
import { useDestinations, useReducedChrome } from '../app/composition.tsx';
import { isActive } from './destinations.ts';
import { useLanguagePicker, useServiceLinks } from './useChrome.ts';
import { BellBadge } from './BellBadge.tsx';
import { SupportBadge } from '../../support/SupportBadge.tsx';
import { BackIcon, BellIcon, BrandMark, CloseIcon, GlobeIcon, ServiceIcon } from '../components/Icons.tsx';
import styles from './shell.module.css';

export function MobileShell({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  const hideTabs = useReducedChrome(path);
  return (
    <div className={styles.page} data-shell="mobile">
      <MobileTopBar path={path} />
      <main id="main" className={`${styles.main} ${styles.mobileMain} ${hideTabs ? '' : styles.withTabs}`} tabIndex={-1}>
        {children}
      </main>
      {!hideTabs && <TabBar path={path} />}
      <LanguageModal />
      <Board />
    </div>
  );
}

function MobileTopBar({ path }: { path: string }) {
  const destinations = useDestinations();
  const { t } = useTranslation();
  const { loggedIn } = useSession();
  const { openService } = useServiceLinks();
  const lang = useLanguagePicker();
  const isRoot = destinations.some((d) => d.to === path);
  return (
    <header className={styles.mTopBar} data-testid="top-bar">
      {!isRoot && (
        <button
          type="button"
          className={styles.iconButton}
          aria-label={t('nav.back')}
          onClick={() => (history.length > 1 ? history.back() : (location.href = '/'))}
          data-testid="back"
        >
          <BackIcon />
        </button>
      )}
      {/* the short brand: the full Japanese one was cut on a 390 px phone */}
      <Link href="/" className={styles.brand} title={t('brand')}>
        <BrandMark />
        {t('brandShort')}
      </Link>
      <div className={styles.tools}>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={t('nav.language')}
          aria-haspopup="dialog"
          onClick={() => lang.send({ type: 'language.open' })}
          data-testid="language-button"
        >
          <GlobeIcon />
        </button>
        {loggedIn && (
          <Link href="/profile/notification" className={styles.iconButton} title={t('nav.notifications')} data-testid="bell">
            <span className="visually-hidden">{t('nav.notifications')}</span>
            <BellIcon />
            <BellBadge />
          </Link>
        )}
        <button type="button" className={styles.iconButton} aria-label={t('nav.service')} onClick={openService}>
          <ServiceIcon />
          <SupportBadge />
        </button>
        {!loggedIn && (
          <Link href="/pass/login" className={styles.primary} data-testid="nav-login">
            {t('nav.login')}
          </Link>
        )}
      </div>
    </header>
  );
}

function TabBar({ path }: { path: string }) {
  const destinations = useDestinations();
  const { t } = useTranslation();
  return (
    <nav className={styles.tabBar} aria-label={t('nav.main')} data-testid="tab-bar">
      {destinations.map(({ to, key, tab, Icon }) => (
        <Link key={to} href={to} className={styles.tabItem} aria-current={isActive(to, path) ? 'page' : undefined}>
          <Icon />
          <span>{t(tab ?? key)}</span>
        </Link>
      ))}
    </nav>
  );
}

function LanguageModal() {
  const { t } = useTranslation();
  const lang = useLanguagePicker();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (lang.open && !d.open) d.showModal();
    if (!lang.open && d.open) d.close();
  }, [lang.open]);
  return (
    <dialog
      ref={ref}
      className={styles.modal}
      aria-labelledby="lang-title"
      onCancel={(e) => {
        e.preventDefault();
        lang.send({ type: 'language.close' });
      }}
      data-testid="language-modal"
    >
      <div className={styles.modalHead}>
        <h2 id="lang-title">{t('nav.language')}</h2>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={t('common.close')}
          onClick={() => lang.send({ type: 'language.close' })}
        >
          <CloseIcon />
        </button>
      </div>
      <ul className={styles.langList}>
        {LANGUAGES.map((l) => (
          <li key={l}>
            <button
              type="button"
              aria-pressed={lang.current === l}
              data-lang={l}
              onClick={() => lang.send({ type: 'language.choose', language: l })}
            >
              {LANGUAGE_NAMES[l]}
            </button>
          </li>
        ))}
      </ul>
    </dialog>
  );
}

function Board() {
  const { t } = useTranslation();
  const { onboarding } = useAppActors();
  const shown = useSelector(onboarding, (s) => s.matches('shown'));
  const { loggedIn } = useSession();
  const [path] = useLocation();
  // the board greets a visitor on the home page only: a deep link (an instrument, a content page,
  // a reset link) opens what it points to, and the board waits until the visitor comes home.
  // Someone signed in is past the welcome (signing in also dismisses it for good: settings.ts).
  if (!shown || loggedIn || path !== '/') return null;
  return (
    // a sheet over the home page, which shows above it: the welcome is about what is behind it
    <div className={styles.board} role="dialog" aria-modal="true" aria-labelledby="board-title" data-testid="board">
      <div className={styles.boardCard}>
        <p className={styles.boardBrand}>{t('brand')}</p>
        <h2 id="board-title">{t('board.title')}</h2>
        <p>{t('board.text')}</p>
        <button
          type="button"
          className={styles.primary}
          onClick={() => onboarding.send({ type: 'board.continue' })}
          data-testid="board-continue"
        >
          {t('board.continue')}
        </button>
        <button
          type="button"
          className={styles.ghostDark}
          onClick={() => onboarding.send({ type: 'board.skip' })}
          data-testid="board-skip"
        >
          {t('board.skip')}
        </button>
      </div>
    </div>
  );
}
