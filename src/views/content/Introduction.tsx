import { useTranslation } from 'react-i18next';
import { useContentList, useContentPage } from '../../services/content/queries.ts';
import { ContentPage } from './Detail.tsx';

/** About us: the company page with the slug "about-us" (else the first company page). */
export default function Introduction() {
  const { t } = useTranslation();
  const company = useContentList(1);
  const about = company.data?.find((c) => c.slug === 'about-us') ?? company.data?.[0];
  const page = useContentPage(about?.id);
  // until the list is in, its loading or failure is the page's
  const shown = about ? page : company;
  const state = { isPending: shown.isPending, isError: shown.isError, data: page.data, refetch: shown.refetch };
  return <ContentPage title={page.data?.title ?? t('help.about')} page={state} notFound={company.isSuccess && !about} />;
}
