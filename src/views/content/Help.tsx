import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { BellIcon, HelpIcon, InfoIcon, ServiceIcon } from '../platform/components/Icons.tsx';
import { useServiceLinks } from '../platform/shell/useChrome.ts';
import headings from '../platform/components/headings.module.css';
import styles from '../platform/styles/screens.module.css';
import own from './Help.module.css';

export default function Help() {
  const { t } = useTranslation();
  const { openService } = useServiceLinks();
  return (
    <div className={styles.stack}>
      <h1 className={`${headings.pageTitle} ${own.title}`}>{t('help.title')}</h1>
      <nav className={styles.tiles} aria-label={t('help.title')}>
        <Link href="/help/faq" className={styles.tile}>
          <HelpIcon />
          <strong>{t('help.faq')}</strong>
        </Link>
        <Link href="/help/notice" className={styles.tile}>
          <BellIcon />
          <strong>{t('help.notices')}</strong>
        </Link>
        <Link href="/introduction" className={styles.tile}>
          <InfoIcon />
          <strong>{t('help.about')}</strong>
        </Link>
        <Link href="/proof" className={styles.tile} data-testid="help-proof">
          <InfoIcon />
          <strong>{t('proof.title')}</strong>
        </Link>
        {/* the outside chat service (new tab) or the built-in chat: never back to this page */}
        <button type="button" className={`${styles.tile} ${own.tileButton}`} onClick={openService} data-testid="help-contact">
          <ServiceIcon />
          <strong>{t('help.contact')}</strong>
        </button>
      </nav>
    </div>
  );
}
