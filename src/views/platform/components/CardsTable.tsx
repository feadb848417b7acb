import type { ReactNode } from 'react';
import screens from '../styles/screens.module.css';
import money from '../styles/money.module.css';
import admin from '../operator/admin.module.css';

/**
 * A console's table that a narrow screen shows as one card per row (each cell labelled by its
 * `data-label`): the column heads, then the rows. `scroll` puts it in the box that scrolls sideways.
 */
export function CardsTable({
  heads,
  scroll,
  testId,
  children,
}: {
  heads: string[];
  scroll?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  const table = (
    <table className={`${screens.dataTable} ${admin.cards}`} data-testid={testId}>
      <thead>
        <tr>
          {heads.map((h) => (
            <th key={h}>{h}</th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
  return scroll ? <div className={money.tableWrap}>{table}</div> : table;
}
