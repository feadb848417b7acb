import { useTranslation } from 'react-i18next';
import money from '../platform/styles/money.module.css';

/** The chain lists' previous and next buttons with "page / pages" between, shown once there is more than one page. */
export function PageButtons({
  page,
  total,
  size,
  onPage,
}: {
  page: number;
  total: number;
  size: number;
  onPage: (p: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  return (
    <div className={money.actions}>
      <button type="button" className={money.secondary} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.prev')}
      </button>
      <span className="num">
        {page} / {pages}
      </span>
      <button type="button" className={money.secondary} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('common.next')}
      </button>
    </div>
  );
}
