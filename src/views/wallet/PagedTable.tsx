import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loadable, type QueryView } from '../platform/components/Loadable.tsx';
import { Pager } from '../platform/components/Pager.tsx';
import screens from '../platform/styles/screens.module.css';
import styles from '../platform/styles/money.module.css';

interface Page<R> {
  rows: R[];
  total: number;
}

/**
 * One page of a record list (deposits, withdrawals, statement): loading and failed states, "no
 * records", the table with its head, one row per record, and the pager. The caller owns the page
 * number because its query hook is keyed by it.
 */
export function PagedTable<R>({
  list,
  page,
  size,
  onPage,
  testId,
  head,
  row,
  tools,
}: {
  list: QueryView & { data?: Page<R> };
  page: number;
  size: number;
  onPage: (page: number) => void;
  testId: string;
  head: ReactNode;
  row: (record: R) => ReactNode;
  tools?: ReactNode;
}) {
  const { t } = useTranslation();
  const rows = list.data?.rows ?? [];
  return (
    <Loadable query={list}>
      {tools}
      {rows.length === 0 ? (
        <p className={screens.muted}>{t('account.noRecords')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={screens.dataTable} data-testid={testId}>
            <thead>
              <tr>{head}</tr>
            </thead>
            <tbody>{rows.map(row)}</tbody>
          </table>
        </div>
      )}
      <Pager page={page} total={list.data?.total ?? 0} size={size} onPage={onPage} />
    </Loadable>
  );
}
