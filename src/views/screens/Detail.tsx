import { useSearchParams } from 'wouter';
import { useTranslation } from 'react-i18next';
import { contentApi } from '../../services/contentApi.ts';
import { useResource } from '../app/hooks.ts';
import { Loadable } from '../components/Loadable.tsx';
import styles from './screens.module.css';

/** A content page: /detail?id&title. The body is HTML sanitised by the service (contract/content.ts). */
export default function Detail() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const id = (params.get('id') ?? '').replace(/[^0-9]/g, '').slice(0, 19);
  const title = params.get('title') ?? '';
  const page = useResource((q: { id: string; lang: string }, signal) => contentApi.byId(q.id, signal), { id, lang: i18n.language });
  return <ContentPage title={page.data?.title ?? title} body={page.data?.body} updatedAt={page.data?.updatedAt} state={page} notFound={!id} t={t} lang={i18n.language} />;
}

export function ContentPage({ title, body, updatedAt, state, notFound, t, lang }: {
  title: string;
  body?: string;
  updatedAt?: string;
  state: { loading: boolean; failed: boolean; reload: () => void };
  notFound?: boolean;
  t: (k: string, o?: Record<string, unknown>) => string;
  lang: string;
}) {
  return (
    <article className={styles.card} aria-labelledby="content-title" data-testid="content-page">
      <h1 id="content-title" style={{ fontSize: 24 }}>{title}</h1>
      {notFound ? (
        <p>{t('content.notFound')}</p>
      ) : (
        <Loadable loading={state.loading && !body} failed={state.failed} reload={state.reload}>
          <div className={styles.prose} dangerouslySetInnerHTML={{ __html: body ?? '' }} />
          {updatedAt && <p className={styles.note}>{t('content.updated', { time: new Date(updatedAt).toLocaleDateString(lang === 'hk' ? 'zh-HK' : lang === 'zh' ? 'zh-CN' : lang) })}</p>}
        </Loadable>
      )}
    </article>
  );
}
