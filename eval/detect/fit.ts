// Weights fitted on labelled corpora: L2-regularised logistic regression over rule hits, pulled towards each rule's
// prior (so a rule the data rarely sees keeps about its reviewed value), with a sign constraint (a rule that
// detects risk never becomes evidence of legitimacy, and the other way round: what the data says against a rule
// takes it to zero, never across), solved by Newton's method on the few hundred rules a channel has.

export interface FitRow {
  /** Rule index -> feature value (1 for a rule that fired; a model's log-odds for a graded rule). */
  readonly x: ReadonlyMap<number, number>;
  readonly y: 0 | 1;
  /** How much this row counts (class and source balance, the false-positive cost). */
  readonly weight: number;
}

export interface FitRule {
  readonly prior: number;
  /** +1: may only raise risk; -1: may only lower it; 0: either. */
  readonly sign: 1 | -1 | 0;
}

export interface FitOptions {
  /** Strength of the pull towards the priors, in units of row weight. */
  readonly lambda: number;
  readonly initialBias: number;
  readonly iterations?: number;
}

export interface FitResult {
  readonly bias: number;
  readonly weights: number[];
}

const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

/** Solves A x = b for a symmetric positive definite A (Cholesky). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const l = a.map(() => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    const li = l[i] as number[];
    for (let j = 0; j <= i; j++) {
      const lj = l[j] as number[];
      let sum = (a[i] as number[])[j] as number;
      for (let k = 0; k < j; k++) sum -= (li[k] as number) * (lj[k] as number);
      li[j] = i === j ? Math.sqrt(Math.max(sum, 1e-12)) : sum / (lj[j] as number);
    }
  }
  const y = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) {
    let sum = b[i] as number;
    for (let k = 0; k < i; k++) sum -= ((l[i] as number[])[k] as number) * (y[k] as number);
    y[i] = sum / ((l[i] as number[])[i] as number);
  }
  const x = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    let sum = y[i] as number;
    for (let k = i + 1; k < n; k++) sum -= ((l[k] as number[])[i] as number) * (x[k] as number);
    x[i] = sum / ((l[i] as number[])[i] as number);
  }
  return x;
}

/** Fits the bias and one weight per rule. Index 0 of the system is the (unpenalised) bias. */
export function fitWeights(rows: readonly FitRow[], rules: readonly FitRule[], options: FitOptions): FitResult {
  const k = rules.length;
  let bias = options.initialBias;
  const w = rules.map((r) => r.prior);
  const clamp = (): void => {
    rules.forEach((r, j) => {
      if (r.sign > 0 && (w[j] as number) < 0) w[j] = 0;
      if (r.sign < 0 && (w[j] as number) > 0) w[j] = 0;
    });
  };
  clamp();
  for (let iter = 0; iter < (options.iterations ?? 25); iter++) {
    const n = k + 1;
    const h = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    const g = new Array<number>(n).fill(0);
    for (const row of rows) {
      let z = bias;
      for (const [j, v] of row.x) z += (w[j] as number) * v;
      const p = sigmoid(z);
      const r = row.weight * (p - row.y);
      const c = row.weight * Math.max(p * (1 - p), 1e-9);
      const idx: [number, number][] = [[0, 1], ...[...row.x].map(([j, v]): [number, number] => [j + 1, v])];
      for (const [a, va] of idx) {
        g[a] = (g[a] as number) + r * va;
        const ha = h[a] as number[];
        for (const [b, vb] of idx) ha[b] = (ha[b] as number) + c * va * vb;
      }
    }
    for (let j = 0; j < k; j++) {
      g[j + 1] = (g[j + 1] as number) + 2 * options.lambda * ((w[j] as number) - (rules[j] as FitRule).prior);
      (h[j + 1] as number[])[j + 1] = ((h[j + 1] as number[])[j + 1] as number) + 2 * options.lambda;
    }
    (h[0] as number[])[0] = ((h[0] as number[])[0] as number) + 1e-6;
    const step = solve(h, g);
    let moved = 0;
    bias -= step[0] as number;
    for (let j = 0; j < k; j++) {
      const d = step[j + 1] as number;
      w[j] = (w[j] as number) - d;
      moved = Math.max(moved, Math.abs(d));
    }
    clamp();
    if (moved < 1e-5 && Math.abs(step[0] as number) < 1e-5) break;
  }
  return { bias, weights: w };
}
