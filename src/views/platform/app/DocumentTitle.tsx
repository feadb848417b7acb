import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'wouter';
import { useTitles } from './composition.tsx';

/**
 * A page title per route, "<page> · <brand>", in the app's language: a tab, a bookmark or a
 * screen reader's page announcement says where the user is. An instrument's page is titled by its
 * code and a content page by its title (both from the address). The titles are the routes' own
 * (src/services/<domain>/manifest.ts, `title`); a route without one shows the brand alone.
 */
export function DocumentTitle() {
  const { t } = useTranslation();
  const titles = useTitles();
  const [path] = useLocation();
  const [params] = useSearchParams();
  const fromAddress =
    path === '/cruuency'
      ? (params.get('code') ?? '')
          .toUpperCase()
          .replace(/[^A-Z0-9]/g, '')
          .slice(0, 20)
      : path === '/detail'
        ? (params.get('title') ?? '').slice(0, 80)
        : '';
  const key = titles.find(([re]) => re.test(path))?.[1];
  const page = fromAddress || (key ? t(key) : '');
  const brand = t('brand');
  useEffect(() => {
    document.title = page ? `${page} · ${brand}` : brand;
  }, [page, brand]);
  return null;
}
