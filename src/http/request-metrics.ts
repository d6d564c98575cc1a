/**
 * Request counts and latencies, kept in plain arrays per (method, route, status) and handed to prom-client as
 * custom metrics read at scrape time. prom-client's own counters and histograms hash their label values on every
 * observation, which cost a measurable share of a cheap request's time (bench `http`).
 */
import type { Registry } from 'prom-client';

const bucketBounds = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15];

interface Series {
  labels: { method: string; route: string; status: string };
  /** Non-cumulative counts per bucket; the last slot is above every bound. */
  buckets: Float64Array;
  count: number;
  sum: number;
}

interface MetricValue {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
}

export class RequestMetrics {
  private readonly series = new Map<string, Series>();

  record(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.series.get(key);
    if (!series) {
      series = { labels: { method, route, status: String(status) }, buckets: new Float64Array(bucketBounds.length + 1), count: 0, sum: 0 };
      this.series.set(key, series);
    }
    let bucket = 0;
    while (bucket < bucketBounds.length && seconds > bucketBounds[bucket]!) bucket++;
    series.buckets[bucket]!++;
    series.count++;
    series.sum += seconds;
  }

  /** Registers the counter and the histogram (labels method, route, status) in `registry`. */
  register(registry: Registry): void {
    registry.registerMetric(this.metric('fleetroute_http_requests_total', 'HTTP requests by route and status', 'counter', () => this.countValues()) as never);
    registry.registerMetric(this.metric('fleetroute_http_request_duration_seconds', 'HTTP request latency by route and status', 'histogram', () => this.histogramValues()) as never);
  }

  private metric(name: string, help: string, type: string, values: () => MetricValue[]) {
    return {
      name,
      help,
      type,
      aggregator: 'sum',
      get: async () => ({ name, help, type, aggregator: 'sum', values: values() }),
      reset: () => this.series.clear(),
    };
  }

  private countValues(): MetricValue[] {
    return [...this.series.values()].map((series) => ({ labels: series.labels, value: series.count }));
  }

  private histogramValues(): MetricValue[] {
    const values: MetricValue[] = [];
    const name = 'fleetroute_http_request_duration_seconds';
    for (const series of this.series.values()) {
      let cumulative = 0;
      bucketBounds.forEach((bound, index) => {
        cumulative += series.buckets[index]!;
        values.push({ labels: { ...series.labels, le: bound }, value: cumulative, metricName: `${name}_bucket` });
      });
      values.push({ labels: { ...series.labels, le: '+Inf' }, value: series.count, metricName: `${name}_bucket` });
      values.push({ labels: series.labels, value: series.sum, metricName: `${name}_sum` });
      values.push({ labels: series.labels, value: series.count, metricName: `${name}_count` });
    }
    return values;
  }
}
