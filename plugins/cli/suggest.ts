/** Levenshtein distance between `a` and `b` (insert, delete, substitute: cost 1 each). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitute = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(substitute, (previous[j] as number) + 1, (current[j - 1] as number) + 1);
    }
    previous = current;
  }
  return previous[b.length] as number;
}

/** `repos/list-for-org` (an operationId) and `Repos.ListForOrg` → `repos.listfororg`, to compare names loosely. */
function normalize(name: string): string {
  return name
    .replace("/", ".")
    .replace(/-+([a-z0-9])/gi, (_, char: string) => char.toUpperCase())
    .toLowerCase();
}

/**
 * The candidates closest to `input`, best first (at most `limit`): those at the smallest
 * edit distance, if it is small for the input's length (a quarter of it, at least 2).
 *
 * @example
 * suggest("repos.lisForOrg", ["repos.listForOrg", "repos.get"]) // ["repos.listForOrg"]
 */
export function suggest(input: string, candidates: Iterable<string>, limit = 3): string[] {
  const wanted = normalize(input);
  const allowed = Math.max(2, Math.floor(wanted.length / 4));
  let best = allowed + 1;
  let found: string[] = [];
  for (const candidate of candidates) {
    const loose = normalize(candidate);
    if (Math.abs(loose.length - wanted.length) > allowed) continue;
    const distance = editDistance(wanted, loose);
    if (distance < best) {
      best = distance;
      found = [candidate];
    } else if (distance === best) found.push(candidate);
  }
  return [...new Set(found)].sort().slice(0, limit);
}
