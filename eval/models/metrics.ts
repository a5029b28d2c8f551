// Figures of a scorer on labelled items: the area under the ROC curve, and the share of scams caught when at most 1%
// of legitimate items are flagged.

/** AUC by the rank-sum (Mann-Whitney) statistic, ties counted half; NaN when a class is empty. */
export function auc(positives: ArrayLike<number>, negatives: ArrayLike<number>): number {
  const np = positives.length;
  const nn = negatives.length;
  if (np === 0 || nn === 0) return Number.NaN;
  const all: [number, number][] = [];
  for (let i = 0; i < np; i++) all.push([positives[i]!, 1]);
  for (let i = 0; i < nn; i++) all.push([negatives[i]!, 0]);
  all.sort((a, b) => a[0] - b[0]);
  let rankSum = 0;
  for (let i = 0; i < all.length;) {
    let j = i;
    while (j < all.length && all[j]![0] === all[i]![0]) j++;
    const rank = (i + 1 + j) / 2;
    for (let k = i; k < j; k++) if (all[k]![1] === 1) rankSum += rank;
    i = j;
  }
  return (rankSum - (np * (np + 1)) / 2) / (np * nn);
}

/**
 * The threshold above which at most `fpr` of the negatives lie (scores strictly above it are flagged), and the share
 * of positives above it.
 */
export function recallAtFpr(
  positives: ArrayLike<number>,
  negatives: ArrayLike<number>,
  fpr = 0.01,
): { recall: number; threshold: number } {
  if (positives.length === 0 || negatives.length === 0) return { recall: Number.NaN, threshold: Number.NaN };
  const neg = Float64Array.from(negatives).sort().reverse();
  const allowed = Math.floor(fpr * neg.length);
  const threshold = neg[allowed]!;
  let caught = 0;
  for (let i = 0; i < positives.length; i++) if (positives[i]! > threshold) caught++;
  return { recall: caught / positives.length, threshold };
}

export function pct(x: number, digits = 1): string {
  return Number.isNaN(x) ? "n/a" : `${(100 * x).toFixed(digits)}%`;
}

export function fixed(x: number, digits = 3): string {
  return Number.isNaN(x) ? "n/a" : x.toFixed(digits);
}
