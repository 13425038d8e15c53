// Small statistics helpers for the bench.

export function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function min(values) {
  return Math.min(...values.filter(Number.isFinite));
}

export function max(values) {
  return Math.max(...values.filter(Number.isFinite));
}

/** Round-robin order for round `r`: A B C D, B C D A, C D A B, … */
export function rotate(items, r) {
  const k = r % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}

/**
 * Per-round ratios of `contender` to `reference`: rounds is an array of
 * { [contender]: value } objects; rounds missing either value are left out.
 */
export function ratios(rounds, contender, reference) {
  const out = [];
  for (const round of rounds) {
    const a = round[contender];
    const b = round[reference];
    if (Number.isFinite(a) && Number.isFinite(b) && b > 0) out.push(a / b);
  }
  return out;
}
