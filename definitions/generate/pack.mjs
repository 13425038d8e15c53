// The compact route encoding of definitions/<deployment>/scopes/<scope>.ts: one string per
// scope, one operation per line, read by plugins/endpoints/registry.ts (decodeScope). Keep
// the two in step: `generate --check` and test/plugins/registry-pack.test.ts compare them.
// paths/<scope>.ts (the chunks browsers load) hold the same lines without the name column:
// the page has the names already (`names` of index.ts), so a flat bundle carries them once.
//
//   <shared><name rest> <verb><path>[ <json [defaults|0, extra?]>]
//
// <shared> is one digit (0–9a–zA–Z) of characters the name shares with the previous line's
// name (names are sorted), <verb> one letter (VERB_LETTERS), and a path starting with
// /repos/{owner}/{repo} or /orgs/{org} starts with `~` or `^` instead. Measured on
// api.github.com 23.0.2 (gzip -9, all scopes): this is 13.1 kB against 19.8 kB for the
// front-coded names plus `{ name: [route, …] }` tables it replaces (14.2 kB routes alone).

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

/** One operation's route column: `<verb><path>[ <json [defaults|0, extra?]>]`. */
function packRoute({ route, defaults, extra }) {
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

/** One scope's operations (sorted by name) as the packed string. */
export function packScope(operations) {
  let previous = "";
  return operations
    .map((operation) => {
      const { name } = operation;
      if (/[\s,]/.test(name)) throw new Error(`generate: method name ${JSON.stringify(name)} cannot be packed`);
      const count = shared(previous, name);
      previous = name;
      return `${PREFIX_DIGITS[count]}${name.slice(count)} ${packRoute(operation)}`;
    })
    .join("\n");
}

/**
 * The route column alone (`paths/<scope>.ts`): one line per operation, in the order of the
 * scope's front-coded names in `index.ts`, which a lazily loaded scope is decoded against.
 */
export function packPaths(operations) {
  return operations.map(packRoute).join("\n");
}
