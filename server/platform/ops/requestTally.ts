/**
 * Requests by method, route pattern and status, counted on plain objects: what a request costs is
 * two map lookups on strings Fastify keeps (the method, the route's pattern) and a few additions.
 * prom-client's own `inc` and `observe` build and hash a label key and check every label at each
 * call, about 4 µs a request together, a few per cent of a cached public read
 * (docs/performance.md, "Issue 44 item 4"). prom-client reads the tally when /metrics is scraped
 * (metrics.ts): a counter through its public `collect`, the histogram as its export.
 */

/** One route's figures under one method. */
export interface RouteFigures {
  readonly method: string;
  readonly route: string;
  /** Requests answered, by status code. */
  readonly statuses: Map<number, number>;
  /** Requests per duration bucket (not cumulative); the last counts those above every bound. */
  readonly buckets: number[];
  /** Seconds, all requests together. */
  sum: number;
  count: number;
}

export class RequestTally {
  private readonly byMethod = new Map<string, Map<string, RouteFigures>>();

  /** `bounds`: the histogram's upper bounds in seconds, ascending. */
  constructor(readonly bounds: readonly number[]) {}

  record(method: string, route: string, status: number, seconds: number): void {
    let routes = this.byMethod.get(method);
    if (!routes) this.byMethod.set(method, (routes = new Map()));
    let figures = routes.get(route);
    if (!figures) {
      figures = {
        method,
        route,
        statuses: new Map(),
        buckets: new Array<number>(this.bounds.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      routes.set(route, figures);
    }
    figures.statuses.set(status, (figures.statuses.get(status) ?? 0) + 1);
    let i = 0;
    while (i < this.bounds.length && seconds > this.bounds[i]) i++;
    figures.buckets[i]++;
    figures.sum += seconds;
    figures.count++;
  }

  *routes(): Iterable<RouteFigures> {
    for (const routes of this.byMethod.values()) yield* routes.values();
  }
}
