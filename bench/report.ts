/**
 * What the page-load benchmarks (bench:vitals, bench:lighthouse) print at the end: the medians of
 * their runs, the platform's home page beside the bare reference page (bareStatic.ts), as a
 * Markdown table ready for docs/performance.md.
 */

/** The middle value of the runs (of an even number, the upper of the two middle ones). */
export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Prints the table: a column per name in `columns` after the page's name, the cells of a page
 * made by `cells` from that page's runs.
 */
export function printPageTable<T>(columns: readonly string[], cells: (runs: T[]) => readonly (string | number)[], app: T[], bare: T[]): void {
  const line = (xs: readonly (string | number)[]) => `| ${xs.join(' | ')} |`;
  console.log(`\n${line(['page', ...columns])}`);
  console.log(`|${'---|'.repeat(columns.length + 1)}`);
  console.log(line(['platform home `/`', ...cells(app)]));
  console.log(line(['bare static page (reference)', ...cells(bare)]));
}
