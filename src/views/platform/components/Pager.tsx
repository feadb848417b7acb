import { useTranslation } from 'react-i18next';
import { ChevronIcon, BackIcon } from './Icons.tsx';
import styles from './ui.module.css';
import own from './Pager.module.css';

export function Pager({ page, total, size, onPage }: { page: number; total: number; size: number; onPage: (p: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('common.page', { page })} className={own.pager}>
      <button
        type="button"
        className={`${styles.button} ${styles.secondary}`}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label={t('common.prev')}
      >
        <BackIcon />
      </button>
      <span className="num">
        {page} / {pages}
      </span>
      <button
        type="button"
        className={`${styles.button} ${styles.secondary}`}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        aria-label={t('common.next')}
      >
        <ChevronIcon />
      </button>
    </nav>
  );
}
