/** Edit distance (insert, delete, substitute, swap neighbours), case-insensitive. */
function distance(a: string, b: string): number {
  a = a.toLowerCase();
  b = b.toLowerCase();
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  return d[a.length]![b.length]!;
}

/**
 * The known name `name` is most likely a typo of, if any is close enough (an edit distance
 * of at most a third of its length, 1 to 2).
 *
 * @example
 * closest("baseURL", ["baseUrl", "headers"]); // "baseUrl"
 */
export function closest(name: string, known: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.min(2, Math.floor(name.length / 3)));
  for (const candidate of known) {
    const d = distance(name, candidate);
    if (d <= bestDistance && (!best || d < bestDistance)) [best, bestDistance] = [candidate, d];
  }
  return best;
}
