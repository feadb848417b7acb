/**
 * What the page-load benchmarks (bench:vitals, bench:lighthouse) print at the end: the medians of
 * their runs, each of the platform's pages and the bare reference page (bareStatic.ts), as a
 * Markdown table ready for docs/performance.md.
 */

/** The middle value of the runs (of an even number, the upper of the two middle ones). */
export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Prints the table: a row per page (its name and its runs), a column per name in `columns` after
 * the page's name, the cells of a page made by `cells` from that page's runs.
 */
export function printPageTable<T>(
  columns: readonly string[],
  cells: (runs: T[]) => readonly (string | number)[],
  rows: readonly (readonly [string, T[]])[],
): void {
  const line = (xs: readonly (string | number)[]) => `| ${xs.join(' | ')} |`;
  console.log(`\n${line(['page', ...columns])}`);
  console.log(`|${'---|'.repeat(columns.length + 1)}`);
  for (const [name, runs] of rows) console.log(line([name, ...cells(runs)]));
}
