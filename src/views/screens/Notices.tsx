import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contentApi } from '../../services/contentApi.ts';
import { useResource } from '../app/hooks.ts';
import { Loadable } from '../components/Loadable.tsx';
import { Pager } from '../components/Pager.tsx';
import styles from './screens.module.css';

const PAGE = 10;
export default function Notices() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const notices = useResource((q: { page: number; lang: string }, signal) => contentApi.notices({ pageNum: q.page, pageSize: PAGE }, signal), { page, lang: i18n.language });
  const rows = notices.data?.rows ?? [];
  return (
    <section className={styles.card} aria-labelledby="notice-title" data-testid="notices">
      <h1 id="notice-title" style={{ fontSize: 24 }}>{t('help.notices')}</h1>
      <Loadable loading={notices.loading && !notices.data} failed={notices.failed} reload={notices.reload}>
        {rows.length === 0 ? (
          <p className={styles.muted}>{t('help.noNotices')}</p>
        ) : (
          <ul className={styles.list}>
            {rows.map((n) => (
              <li key={n.id}>
                <h2 style={{ fontSize: 17 }}>{n.title}</h2>
                <p className={styles.note}>{new Date(n.publishedAt).toLocaleDateString()}</p>
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
