import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../../services/content/queries.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import { Pager } from '../platform/components/Pager.tsx';
import { useFormat } from '../platform/components/useFormat.ts';
import headings from '../platform/components/headings.module.css';
import styles from '../platform/styles/screens.module.css';

const PAGE = 10;
export default function Notices() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [page, setPage] = useState(1);
  const notices = useNotices(page, PAGE);
  const rows = notices.data?.rows ?? [];
  return (
    <section className={styles.card} aria-labelledby="notice-title" data-testid="notices">
      <h1 id="notice-title" className={headings.pageTitle}>
        {t('help.notices')}
      </h1>
      <Loadable query={notices}>
        {rows.length === 0 ? (
          <p className={styles.muted}>{t('help.noNotices')}</p>
        ) : (
          <ul className={styles.list}>
            {rows.map((n) => (
              <li key={n.id}>
                <h2 className={headings.itemTitle}>{n.title}</h2>
                <p className={styles.note}>{fmt.date(n.publishedAt)}</p>
                <div className={styles.prose} dangerouslySetInnerHTML={{ __html: n.body }} />
              </li>
            ))}
          </ul>
        )}
        <Pager page={page} total={notices.data?.total ?? 0} size={PAGE} onPage={setPage} />
      </Loadable>
    </section>
  );
}
