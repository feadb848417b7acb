import { useTranslation } from 'react-i18next';
import { contentApi } from '../../services/contentApi.ts';
import { useResource } from '../app/hooks.ts';
import { ContentPage } from './Detail.tsx';

/** About us: the company page with the slug "about-us". */
export default function Introduction() {
  const { t, i18n } = useTranslation();
  const page = useResource(async (_: { lang: string }, signal) => {
    const list = await contentApi.list(1, signal);
    const about = list.find((c) => c.slug === 'about-us') ?? list[0];
    return about ? contentApi.byId(about.id, signal) : null;
  }, { lang: i18n.language });
  return <ContentPage title={page.data?.title ?? t('help.about')} body={page.data?.body} updatedAt={page.data?.updatedAt} state={page} t={t} lang={i18n.language} />;
}
