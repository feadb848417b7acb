import { useSearchParams } from 'wouter';
import { useTranslation } from 'react-i18next';
import { formatDateIn } from '../../i18n/format.ts';
import { useContentPage } from '../../services/content/queries.ts';
import type { ContentDetail } from '../../services/platform/types.ts';
import { Loadable, type QueryView } from '../platform/components/Loadable.tsx';
import headings from '../platform/components/headings.module.css';
import styles from '../platform/styles/screens.module.css';

/** A content page: /detail?id&title. The body is HTML sanitised by the service (contract/content.ts). */
export default function Detail() {
  const [params] = useSearchParams();
  const id = (params.get('id') ?? '').replace(/[^0-9]/g, '').slice(0, 19);
  const page = useContentPage(id);
  return <ContentPage title={page.data?.title ?? params.get('title') ?? ''} page={page} notFound={!id} />;
}

export function ContentPage({
  title,
  page,
  notFound,
}: {
  title: string;
  page: QueryView & { data?: ContentDetail | null };
  notFound?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const body = page.data?.body;
  const updatedAt = page.data?.updatedAt;
  return (
    <article className={styles.card} aria-labelledby="content-title" data-testid="content-page">
      <h1 id="content-title" className={headings.pageTitle}>
        {title}
      </h1>
      {notFound ? (
        <p>{t('content.notFound')}</p>
      ) : (
        <Loadable query={page}>
          <div className={styles.prose} dangerouslySetInnerHTML={{ __html: body ?? '' }} />
          {updatedAt && <p className={styles.note}>{t('content.updated', { time: formatDateIn(lang, updatedAt) })}</p>}
        </Loadable>
      )}
    </article>
  );
}
