import type { ReactNode } from 'react';
import styles from './trade.module.css';

/** One column of an orders table: its head, right-aligned over figures (`num`); false leaves it out. */
export type Column = { label: ReactNode; num?: boolean } | false;

/** An orders table's head row, the columns in order. */
export function ColumnHeads({ cols }: { cols: Column[] }) {
  return (
    <thead>
      <tr>
        {cols.map(
          (c, i) =>
            c && (
              <th key={i} scope="col" className={c.num ? styles.numCol : undefined}>
                {c.label}
              </th>
            ),
        )}
      </tr>
    </thead>
  );
}
