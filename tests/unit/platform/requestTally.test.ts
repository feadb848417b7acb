/**
 * The request tally (server/platform/ops/requestTally.ts) exports what prom-client's own counter and
 * histogram would for the same requests: same lines, same values, bounds included (`le` is ≤).
 */
import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { Metrics } from '../../../server/platform/ops/metrics.ts';

const BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const requests: Array<[string, string, number, number]> = [
  ['GET', '/a', 200, 0.001],
  ['GET', '/a', 200, 0.005],
  ['GET', '/a', 404, 0.0051],
  ['POST', '/a', 200, 0.3],
  ['GET', '/b/:id', 500, 12],
  ['GET', '/b/:id', 200, 10],
];

const linesOf = (text: string, prefix: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith(prefix))
    .sort();

describe('request tally', () => {
  it('exports the same counter and histogram lines as prom-client fed one request at a time', async () => {
    const metrics = new Metrics();
    for (const [method, route, status, s] of requests) metrics.requests.record(method, route, status, s);

    const registry = new Registry();
    const counter = new Counter({
      name: 'http_requests_total',
      help: 'x',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    });
    const histogram = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'x',
      labelNames: ['method', 'route'],
      buckets: BOUNDS,
      registers: [registry],
    });
    for (const [method, route, status, s] of requests) {
      counter.inc({ method, route, status: String(status) });
      histogram.observe({ method, route }, s);
    }
    const ours = await metrics.text();
    const theirs = await registry.metrics();
    for (const prefix of ['http_requests_total{', 'http_request_duration_seconds_'])
      expect(linesOf(ours, prefix)).toEqual(linesOf(theirs, prefix));
    expect(ours).toContain('# TYPE http_request_duration_seconds histogram');
    expect(ours).toContain('# TYPE http_requests_total counter');
    expect(linesOf(ours, 'http_request_duration_seconds_count{method="GET",route="/a"}')).toEqual([
      'http_request_duration_seconds_count{method="GET",route="/a"} 3',
    ]);
  });
});
