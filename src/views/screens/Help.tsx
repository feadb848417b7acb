import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { BellIcon, ChevronIcon, ServiceIcon } from '../components/Icons.tsx';
import { useServiceLinks } from '../shell/useChrome.ts';
import headings from '../components/headings.module.css';
import styles from './screens.module.css';
import own from './Help.module.css';

export default function Help() {
  const { t } = useTranslation();
  const { openService, chatService, serviceUrl } = useServiceLinks();
  return (
    <div className={styles.stack}>
      <h1 className={`${headings.pageTitle} ${own.title}`}>{t('help.title')}</h1>
      <nav className={styles.tiles} aria-label={t('help.title')}>
        <Link href="/help/faq" className={styles.tile}><ChevronIcon /><strong>{t('help.faq')}</strong></Link>
        <Link href="/help/notice" className={styles.tile}><BellIcon /><strong>{t('help.notices')}</strong></Link>
        <Link href="/introduction" className={styles.tile}><ChevronIcon /><strong>{t('help.about')}</strong></Link>
        {chatService && (
          <button type="button" className={`${styles.tile} ${own.tileButton}`} onClick={openService}>
            <ServiceIcon /><strong>{t('help.contact')}</strong>
          </button>
        )}
      </nav>
      {/* no chat service configured: say so, instead of a contact button that comes back here */}
      {serviceUrl !== null && !chatService && <p className={styles.note} data-testid="no-chat">{t('help.noChat')}</p>}
    </div>
  );
}
