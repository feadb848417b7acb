import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'wouter';
import { useTitles } from './composition.tsx';

/**
 * A page title per route, "<page> · <brand>", in the app's language: a tab, a bookmark or a
 * screen reader's page announcement says where the user is. An instrument's page is titled by its
 * code and a content page by its title (both from the address). The titles are the routes' own
 * (src/services/<domain>/manifest.ts: `title`, or `titleFrom` the address); a route without one shows the brand alone.
 */
export function DocumentTitle() {
  const { t } = useTranslation();
  const titles = useTitles();
  const [path] = useLocation();
  const [params] = useSearchParams();
  const title = titles.find(([re]) => re.test(path))?.[1];
  const page = typeof title === 'function' ? title(params) : title ? t(title) : '';
  const brand = t('brand');
  useEffect(() => {
    document.title = page ? `${page} · ${brand}` : brand;
  }, [page, brand]);
  return null;
}
