// Counters and histograms for the request path, as plain numbers in cells made once per label set and read into a
// prom-client registry when it is scraped. prom-client's own Counter and Histogram build a label hash and check the
// labels on every increment (several microseconds a request on a busy 2-core machine); here a request adds to a
// number, and the scrape does the formatting.
import type { Registry } from "prom-client";

export interface CounterCell {
  value: number;
}

export interface HistogramCell {
  /** Observations per bucket (not cumulative); the last slot is past the highest bound. */
  readonly buckets: Float64Array;
  sum: number;
  count: number;
}

/** What a registry reads from a metric when it is scraped (prom-client's metric object). */
interface Snapshot {
  readonly name: string;
  readonly help: string;
  readonly type: "counter" | "histogram";
  readonly aggregator: "sum";
  readonly values: readonly {
    readonly metricName?: string;
    readonly labels: Readonly<Record<string, string | number>>;
    readonly value: number;
  }[];
}

interface Entry<C> {
  readonly labels: Readonly<Record<string, string>>;
  readonly cell: C;
}

/** A metric whose label sets are fixed when their cell is made; a scrape reads every cell. */
abstract class CellMetric<C> {
  readonly aggregator = "sum";
  protected readonly entries: Entry<C>[] = [];
  abstract readonly type: Snapshot["type"];

  constructor(
    readonly name: string,
    readonly help: string,
    registry: Registry,
  ) {
    registry.registerMetric(this as never);
  }

  protected abstract make(): C;
  protected abstract values(): Snapshot["values"];

  /** The cell of one label set; callers keep it and add to it. */
  cell(labels: Readonly<Record<string, string>>): C {
    const cell = this.make();
    this.entries.push({ labels, cell });
    return cell;
  }

  get(): Promise<Snapshot> {
    return Promise.resolve({
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: this.aggregator,
      values: this.values(),
    });
  }
}

export class CellCounter extends CellMetric<CounterCell> {
  readonly type = "counter";

  protected make(): CounterCell {
    return { value: 0 };
  }

  protected values(): Snapshot["values"] {
    return this.entries.map((e) => ({ labels: e.labels, value: e.cell.value }));
  }
}

export class CellHistogram extends CellMetric<HistogramCell> {
  readonly type = "histogram";

  constructor(
    name: string,
    help: string,
    private readonly bounds: readonly number[],
    registry: Registry,
  ) {
    super(name, help, registry);
  }

  protected make(): HistogramCell {
    return { buckets: new Float64Array(this.bounds.length + 1), sum: 0, count: 0 };
  }

  observe(cell: HistogramCell, value: number): void {
    const bounds = this.bounds;
    let i = 0;
    while (i < bounds.length && value > (bounds[i] as number)) i++;
    cell.buckets[i] = (cell.buckets[i] as number) + 1;
    cell.sum += value;
    cell.count++;
  }

  protected values(): Snapshot["values"] {
    const values: Snapshot["values"][number][] = [];
    for (const { labels, cell } of this.entries) {
      let cumulative = 0;
      this.bounds.forEach((bound, i) => {
        cumulative += cell.buckets[i] as number;
        values.push({ metricName: `${this.name}_bucket`, labels: { ...labels, le: bound }, value: cumulative });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { ...labels, le: "+Inf" }, value: cell.count });
      values.push({ metricName: `${this.name}_sum`, labels, value: cell.sum });
      values.push({ metricName: `${this.name}_count`, labels, value: cell.count });
    }
    return values;
  }
}
