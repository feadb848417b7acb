import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type Metric } from 'prom-client';
import { RequestTally } from './requestTally.ts';

let processMetrics: Registry | undefined;
/**
 * prom-client's defaults (CPU, memory, event-loop lag, GC) belong to the process, not to an app:
 * collected once, into their own registry (each collection starts an event-loop monitor and a GC
 * observer that nothing stops, so one per app would pile up in tests that build many apps).
 */
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

/** A value a gauge reads when scraped: one number, or one per label set. */
export type GaugeReading = number | Array<{ labels: Record<string, string>; value: number }>;

/**
 * This instance's Prometheus metrics (`app.metrics`, served at /metrics behind METRICS_TOKEN):
 * the process's defaults, requests by route, leader jobs, trigger lag, and gauges the domains
 * register (open positions, ledger transfers, websocket clients, the database pool). One
 * registry per app, not prom-client's global one: tests run several apps in one process.
 */
export class Metrics {
  readonly registry = new Registry();
  /** Every answered request, counted on the hot path; prom-client reads it when scraped. */
  readonly requests = new RequestTally([0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]);
  readonly jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Runs of a leader job on this instance, by outcome (ok, failed)',
    labelNames: ['job', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly jobLastRun = this.jobGauge(
    'job_last_run_timestamp_seconds',
    'When the last run of a leader job on this instance started (Unix time)',
  );
  readonly jobDuration = this.jobGauge(
    'job_last_run_duration_seconds',
    'How long the last run of a leader job on this instance took',
  );
  readonly jobLeader = this.jobGauge('job_leader', '1 while this instance leads the job, else 0');
  readonly triggerLag = new Histogram({
    name: 'trading_trigger_lag_seconds',
    help: 'From a feed step reaching the trigger engine to its positions being evaluated and settled (per step)',
    registers: [this.registry],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  });

  constructor() {
    const requests = this.requests;
    new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const r of requests.routes())
          for (const [status, n] of r.statuses) this.inc({ method: r.method, route: r.route, status: String(status) }, n);
      },
    });
    this.registry.registerMetric(
      talliedHistogram('http_request_duration_seconds', 'Time to answer an HTTP request, by method and route pattern', requests),
    );
  }

  /** A gauge set by the job runner, one value per job. */
  private jobGauge(name: string, help: string): Gauge<'job'> {
    return new Gauge({ name, help, labelNames: ['job'] as const, registers: [this.registry] });
  }

  /** A gauge whose value is read when Prometheus scrapes (a failing read leaves it unset, logged by nobody). */
  gauge(name: string, help: string, labelNames: readonly string[], read: () => GaugeReading | Promise<GaugeReading>): void {
    new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        let v: GaugeReading;
        try {
          v = await read();
        } catch {
          this.reset(); // no value is better than a stale one
          return;
        }
        if (typeof v === 'number') this.set(v);
        else {
          this.reset();
          for (const { labels, value } of v) this.set(labels, value);
        }
      },
    });
  }

  text(): Promise<string> {
    return Registry.merge([this.registry, processRegistry()]).metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/**
 * The request durations as a Prometheus histogram read from the tally: an object the registry
 * exports as it does its own histograms (it asks a metric for `get()`: name, help, type, and the
 * values with their labels), with the cumulative buckets, `+Inf`, sum and count of each route.
 */
function talliedHistogram(name: string, help: string, tally: RequestTally): Metric {
  const metric = {
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    async get() {
      const values: Array<{ labels: Record<string, string | number>; value: number; metricName: string }> = [];
      for (const r of tally.routes()) {
        const labels = { method: r.method, route: r.route };
        let below = 0;
        tally.bounds.forEach((le, i) => {
          below += r.buckets[i];
          values.push({ labels: { le, ...labels }, value: below, metricName: `${name}_bucket` });
        });
        values.push({ labels: { le: '+Inf', ...labels }, value: r.count, metricName: `${name}_bucket` });
        values.push({ labels, value: r.sum, metricName: `${name}_sum` });
        values.push({ labels, value: r.count, metricName: `${name}_count` });
      }
      return { name, help, type: 'histogram', values, aggregator: 'sum' };
    },
    reset() {},
  };
  return metric as unknown as Metric;
}
