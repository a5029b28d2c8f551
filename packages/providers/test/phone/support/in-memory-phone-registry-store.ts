// A PhoneRegistryStore in memory with the SQL adapter's semantics (append adds, replace swaps a source, files are
// idempotent by SHA-256), so sync and index tests run without a database.
import type {
  AppliedFile,
  ApplyOutcome,
  CodeBlock,
  ComplaintBatch,
  ComplaintRow,
  ComplaintSource,
  PhoneRegistryStore,
  RegistryFile,
} from "@scamverify/core";

interface Agg {
  complaints: number;
  robocalls: number;
  firstDay: number;
  lastDay: number;
  subjects: Map<string, number>;
}

export class InMemoryPhoneRegistryStore implements PhoneRegistryStore {
  readonly rows = new Map<ComplaintSource, Map<number, Agg>>([
    ["ftc", new Map()],
    ["fcc", new Map()],
  ]);
  readonly applied: AppliedFile[] = [];
  blocks = new Map<string, CodeBlock>();
  failNextApply = false;

  async hasFile(sha256: string): Promise<boolean> {
    return this.applied.some((f) => f.sha256 === sha256);
  }

  async apply(batch: ComplaintBatch): Promise<ApplyOutcome> {
    if (await this.hasFile(batch.file.sha256)) return { applied: false, numbers: 0 };
    if (this.failNextApply) {
      this.failNextApply = false;
      throw new Error("connection lost");
    }
    const target = batch.mode === "replace" ? new Map<number, Agg>() : new Map(this.rows.get(batch.file.source));
    for (let i = 0; i < batch.size; i++) {
      const n = batch.numbers[i] as number;
      const prev = target.get(n);
      const subjects = new Map(prev?.subjects ?? []);
      for (let k = 0; k < 3; k++) {
        const id = batch.subjectIds[i * 3 + k] as number;
        if (id < 0) continue;
        const name = batch.subjects[id] as string;
        subjects.set(name, (subjects.get(name) ?? 0) + (batch.subjectCounts[i * 3 + k] as number));
      }
      target.set(n, {
        complaints: (prev?.complaints ?? 0) + (batch.complaints[i] as number),
        robocalls: (prev?.robocalls ?? 0) + (batch.robocalls[i] as number),
        firstDay: Math.min(prev?.firstDay ?? Infinity, batch.firstDay[i] as number),
        lastDay: Math.max(prev?.lastDay ?? -Infinity, batch.lastDay[i] as number),
        subjects,
      });
    }
    this.rows.set(batch.file.source, target);
    this.applied.push({ ...batch.file, mode: batch.mode, numbers: batch.size, appliedAt: new Date(0) });
    return { applied: true, numbers: batch.size };
  }

  async scan(after: number, limit: number): Promise<ComplaintRow[]> {
    const numbers = [...new Set([...this.rows.values()].flatMap((m) => [...m.keys()]))]
      .filter((n) => n > after)
      .sort((a, b) => a - b)
      .slice(0, limit);
    const out: ComplaintRow[] = [];
    for (const n of numbers) {
      for (const source of ["fcc", "ftc"] as const) {
        const a = this.rows.get(source)?.get(n);
        if (!a) continue;
        const subjects = [...a.subjects]
          .sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))
          .slice(0, 3)
          .map(([s]) => s);
        out.push({
          number: n,
          source,
          complaints: a.complaints,
          robocalls: a.robocalls,
          firstDay: a.firstDay,
          lastDay: a.lastDay,
          subjects,
        });
      }
    }
    return out;
  }

  async countNumbers(): Promise<number> {
    return new Set([...this.rows.values()].flatMap((m) => [...m.keys()])).size;
  }

  async files(): Promise<AppliedFile[]> {
    return [...this.applied];
  }

  async replaceCodeBlocks(file: Omit<RegistryFile, "source">, blocks: readonly CodeBlock[]): Promise<ApplyOutcome> {
    if (await this.hasFile(file.sha256)) return { applied: false, numbers: 0 };
    this.blocks = new Map(blocks.map((b) => [`${b.npa}${b.nxx}`, b]));
    this.applied.push({ ...file, source: "ftc", mode: "replace", numbers: blocks.length, appliedAt: new Date(0) });
    return { applied: true, numbers: blocks.length };
  }

  async findCodeBlock(npa: string, nxx: string): Promise<CodeBlock | null> {
    return this.blocks.get(`${npa}${nxx}`) ?? null;
  }

  async countCodeBlocks(): Promise<number> {
    return this.blocks.size;
  }
}
