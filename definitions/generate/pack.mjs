// The compact route encoding of definitions/<deployment>/scopes/<scope>.ts (and all.ts): one
// string per scope, read by definitions/decode/trie.ts (decodeScope, trieEntry). Keep the two in step:
// `generate --check` and test/definitions/routes.test.ts compare them on every operation.
// It is a path trie written as lines: each path the scope uses once, sorted, and under it the
// operations on that path:
//
//   <shared><path rest>
//    <verb><name>[ <json [defaults|0, extra?]>]      (one such line per operation, space first)
//
// <shared> is one digit (0–9a–zA–Z) of characters the path shares with the previous path, <verb>
// one letter (VERB_LETTERS), and a path starting with /repos/{owner}/{repo} or /orgs/{org}
// starts with `~` or `^` instead. Operations on one path are in name order; the decoder sorts
// the names back. Measured on api.github.com 23.0.2 (gzip -9, all scopes): 11.6 kB against
// 13.8 kB for the one-line-per-operation form (front-coded names, then the route) it replaces:
// most paths serve several operations (GET, PATCH, DELETE…), and a path written once after its
// neighbour in sorted order costs a few characters.
// The other deployments' differences (generate/differences.mjs) are per operation route lines
// without names (packRoute), in the order of the scope's names.

/** Digits of a front-coding prefix length (0–61). */
export const PREFIX_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
/** HTTP method → its letter in a packed line. */
export const VERB_LETTERS = { GET: "G", POST: "P", PUT: "U", PATCH: "A", DELETE: "D", HEAD: "H" };
/** Path prefixes written as one character. */
export const PATH_ABBREVIATIONS = [
  ["~", "/repos/{owner}/{repo}"],
  ["^", "/orgs/{org}"],
];

/** Characters `previous` and `name` share at the start, capped at the largest digit. */
function shared(previous, name) {
  let count = 0;
  while (count < PREFIX_DIGITS.length - 1 && count < previous.length && previous[count] === name[count]) count++;
  return count;
}

/** Front-code sorted names: `|` then per name its shared-prefix digit and the rest, comma-joined. */
export function packNames(names) {
  let previous = "";
  const packed = names.map((name) => {
    const count = shared(previous, name);
    previous = name;
    return PREFIX_DIGITS[count] + name.slice(count);
  });
  return `|${packed.join(",")}`;
}

/**
 * One operation's route column: `<verb><path>[ <json [defaults|0, extra?]>]`. It starts with a
 * verb letter, never a digit: the differences of other deployments (generate/differences.mjs)
 * tell their references to api.github.com's lines apart by that.
 */
export function packRoute({ route, defaults, extra }) {
  const space = route.indexOf(" ");
  const verb = VERB_LETTERS[route.slice(0, space)];
  let path = route.slice(space + 1);
  if (!verb || /[\s~^]/.test(path))
    throw new Error(`generate: route ${JSON.stringify(route)} cannot be packed (verb or characters)`);
  for (const [letter, prefix] of PATH_ABBREVIATIONS)
    if (path.startsWith(prefix)) {
      path = letter + path.slice(prefix.length);
      break;
    }
  const tail = defaults || extra ? ` ${JSON.stringify(extra ? [defaults ?? 0, extra] : [defaults])}` : "";
  return `${verb}${path}${tail}`;
}

/** One operation's route column split: verb letter, (abbreviated) path, ` <json>` tail or "". */
function routeParts(operation) {
  const column = packRoute(operation);
  const space = column.indexOf(" ");
  return space < 0
    ? { verb: column[0], path: column.slice(1), tail: "" }
    : { verb: column[0], path: column.slice(1, space), tail: column.slice(space) };
}

/** One scope's operations (sorted by name) as the packed string: the path trie above. */
export function packScope(operations) {
  const byPath = new Map();
  for (const operation of operations) {
    const { name } = operation;
    if (/[\s,]/.test(name)) throw new Error(`generate: method name ${JSON.stringify(name)} cannot be packed`);
    const { verb, path, tail } = routeParts(operation);
    if (!byPath.has(path)) byPath.set(path, []);
    byPath.get(path).push(` ${verb}${name}${tail}`);
  }
  let previous = "";
  return [...byPath.keys()]
    .sort()
    .map((path) => {
      const count = shared(previous, path);
      previous = path;
      return [PREFIX_DIGITS[count] + path.slice(count), ...byPath.get(path)].join("\n");
    })
    .join("\n");
}

/** A front-coding-style number: one digit below 61, else `Z` and two digits (up to 3,843). */
function packNumber(number) {
  if (number < 61) return PREFIX_DIGITS[number];
  if (number >= 62 * 62) throw new Error(`generate: ${number} is too large for a packed alias index`);
  return `Z${PREFIX_DIGITS[Math.floor(number / 62)]}${PREFIX_DIGITS[number % 62]}`;
}

/**
 * The deprecated aliases of `aliases.ts` (decoded by definitions/decode/aliases.ts, on the old
 * scope's first miss): per old scope one string of groups joined by `;`, one group per target
 * scope, `<target scope>/<its name count>:<entry>,<entry>…`. Entries are sorted by the target's
 * index in that scope's names (the order of `names` in index.ts), and each is
 *
 *   <index delta><shared prefix><shared suffix><rest of the old name>
 *
 * the delta from the previous entry's target index (a packNumber), then two digits: how many
 * leading and trailing characters the old name shares with its target's name. Most old names
 * differ from their target by a word (`getSecret` → `getRepoSecret`: `36`), so this is about
 * half the size of the `{ old: "scope.method" }` tables (gzip, api.github.com 23.0.2: 2.3 kB
 * against 4.3 kB). The name count makes the decoder refuse names of another deployment.
 *
 * `namesOf(scope)` gives a target scope's names in the registry's order.
 */
export function packAliases(table, namesOf) {
  const packed = {};
  for (const [scope, methods] of Object.entries(table)) {
    const rows = Object.entries(methods).map(([old, target]) => {
      const [toScope, toName] = target.split(".");
      const index = namesOf(toScope).indexOf(toName);
      if (index < 0 || /[\s,;]/.test(old))
        throw new Error(`generate: alias ${scope}.${old} → ${target} cannot be packed`);
      return { old, toScope, toName, index };
    });
    rows.sort((a, b) => (a.toScope < b.toScope ? -1 : a.toScope > b.toScope ? 1 : a.index - b.index));
    const groups = [];
    let group;
    let previous = 0;
    for (const { old, toScope, toName, index } of rows) {
      if (group?.scope !== toScope) {
        groups.push((group = { scope: toScope, entries: [] }));
        previous = 0;
      }
      const head = shared(old, toName);
      let tail = 0;
      while (
        tail < PREFIX_DIGITS.length - 1 &&
        tail < old.length - head &&
        tail < toName.length - head &&
        old[old.length - 1 - tail] === toName[toName.length - 1 - tail]
      )
        tail++;
      group.entries.push(
        packNumber(index - previous) + PREFIX_DIGITS[head] + PREFIX_DIGITS[tail] + old.slice(head, old.length - tail),
      );
      previous = index;
    }
    packed[scope] = groups
      .map(({ scope: toScope, entries }) => `${toScope}/${namesOf(toScope).length}:${entries.join(",")}`)
      .join(";");
  }
  return packed;
}

/**
 * The v15/v16 parameter names of `aliases.ts` (`legacyParams`, decoded by
 * definitions/decode/aliases.ts): one line per rename table, `<old>><new>[,<old>><new>…]`, then
 * the operations that take it, ` <scope>.<method>` each (`number>issue_number issues.get …`).
 * `table` is scope → method → old name → new.
 */
export function packLegacyParams(table) {
  const lines = new Map();
  for (const [scope, methods] of Object.entries(table))
    for (const [name, renames] of Object.entries(methods)) {
      const pairs = Object.entries(renames).map((pair) => {
        if (pair.some((word) => !/^\w+$/.test(word))) throw new Error(`generate: rename ${pair} cannot be packed`);
        return pair.join(">");
      });
      const key = pairs.join(",");
      lines.set(key, `${lines.get(key) ?? key} ${scope}.${name}`);
    }
  return [...lines.values()].join("\n");
}

/**
 * definitions/<deployment>/data.txt, which the Node preset reads into a Buffer (outside the JS
 * heap) and decodes one operation at a time (definitions/decode/file.ts): a JSON index line,
 * `{ scope: [routes, params, end] }` in byte offsets from the start of the next line, then per
 * scope its packed routes (packScope), a newline, its parameter lines, a newline.
 * `blocks` are `[scope, routes, params]`.
 */
export function packDataFile(blocks) {
  const index = {};
  let offset = 0;
  const body = [];
  for (const [scope, routes, params] of blocks) {
    const start = offset;
    const paramsAt = start + Buffer.byteLength(routes) + 1;
    offset = paramsAt + Buffer.byteLength(params) + 1;
    index[scope] = [start, paramsAt, offset - 1];
    body.push(`${routes}\n${params}\n`);
  }
  return `${JSON.stringify(index)}\n${body.join("")}`;
}
