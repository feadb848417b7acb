import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isNotFound } from '../../../services/platform/queries/client.ts';
import styles from './ui.module.css';

/** What Loadable reads from a query (useQuery's result, or useContentLists' combined state). */
export interface QueryView {
  isPending: boolean;
  isError: boolean;
  data?: unknown;
  error?: unknown;
  refetch: () => unknown;
}

/**
 * The three looks of a remote resource: loading, failed (with retry), ready. Given a `query`,
 * "failed" means it failed with nothing to show; a refetch that fails while older data is on
 * screen keeps the data (the query cache at the root reports that failure instead).
 */
export function Loadable({
  query,
  loading,
  failed,
  reload,
  children,
  empty,
  placeholder,
  notFound,
}: {
  query?: QueryView;
  /** What to say when the service answers that the thing does not exist (default: "not found"). */
  notFound?: string;
  /** Shown while loading instead of the word: the content's own shape, so nothing moves when it arrives. */
  placeholder?: ReactNode;
  loading?: boolean;
  failed?: boolean;
  reload?: () => void;
  children: ReactNode;
  empty?: boolean;
}) {
  const { t } = useTranslation();
  const isFailed = failed ?? (query ? query.isError && query.data === undefined : false);
  const isLoading = loading ?? (query ? query.isPending : false);
  const retry = reload ?? (() => void query?.refetch());
  if (isFailed && isNotFound(query?.error))
    return (
      <div className={styles.state} role="alert" data-testid="not-found">
        <p>{notFound ?? t('newuser.notFound')}</p>
      </div>
    );
  if (isFailed)
    return (
      <div className={styles.state} role="alert">
        <p>{t('common.failed')}</p>
        <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={retry}>
          {t('common.retry')}
        </button>
      </div>
    );
  if (isLoading && placeholder) return <div aria-busy="true">{placeholder}</div>;
  if (isLoading)
    return (
      <div className={styles.state} aria-busy="true">
        {t('common.loading')}
      </div>
    );
  if (empty) return <div className={styles.state}>{t('market.empty')}</div>;
  return <>{children}</>;
}
