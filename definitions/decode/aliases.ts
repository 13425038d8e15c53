/**
 * The digits of definitions/generate/pack.mjs (registry.ts has the same): repeated, not imported,
 * so that this module, bundled with the alias data, shares no chunk with the entry.
 */
const PREFIX_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** A scope's method names in the registry's order (the order packed aliases index into). */
export type NamesOf = (scope: string) => readonly string[];
/** One old scope's deprecated names, decoded against a registry's names: old name → `"scope.method"`. */
export type AliasDecoder = (namesOf: NamesOf) => Record<string, string>;

/** A packed number: one digit, or `Z` and two digits. */
function unpackNumber(text: string, at: number): [value: number, next: number] {
  const digit = (offset: number) => PREFIX_DIGITS.indexOf(text[at + offset] as string);
  return text[at] === "Z" ? [digit(1) * 62 + digit(2), at + 3] : [digit(0), at + 1];
}

/**
 * Decode one old scope's packed aliases (definitions/generate/pack.mjs, `packAliases`): groups
 * `<target scope>/<name count>:<entries>` joined by `;`, each entry an index delta into the target
 * scope's names, then the old name as the characters it shares with the target's name (leading,
 * trailing) around its own. A group whose name count is not the registry's (aliases of another
 * deployment) is left out rather than pointed at the wrong methods.
 */
function decode(packed: string, namesOf: NamesOf): Record<string, string> {
  const table: Record<string, string> = {};
  for (const group of packed.split(";")) {
    const [scope, rest] = group.split("/") as [string, string];
    const colon = rest.indexOf(":");
    const names = namesOf(scope);
    if (names.length !== Number(rest.slice(0, colon))) continue;
    let index = 0;
    for (const entry of rest.slice(colon + 1).split(",")) {
      const [delta, at] = unpackNumber(entry, 0);
      const target = names[(index += delta)] as string;
      const head = PREFIX_DIGITS.indexOf(entry[at] as string);
      const tail = PREFIX_DIGITS.indexOf(entry[at + 1] as string);
      table[target.slice(0, head) + entry.slice(at + 2) + target.slice(target.length - tail)] = `${scope}.${target}`;
    }
  }
  return table;
}

/**
 * The generated `aliases.ts` of each deployment wraps its packed strings with this: per old
 * scope a decoder the endpoints registry calls with its names on the scope's first unknown name.
 * It lives here, imported by the alias data, so that bundles without aliases carry no decoder.
 */
export function unpackAliases(packed: Record<string, string>): Record<string, AliasDecoder> {
  const decoders: Record<string, AliasDecoder> = {};
  for (const scope of Object.keys(packed)) decoders[scope] = (namesOf) => decode(packed[scope] as string, namesOf);
  return decoders;
}

/**
 * The generated `removed` tables (old scope → old name → error message) from their packed form:
 * per scope `<name>|<old route>|<reason index>` lines, and the reasons as `[why, instead]`.
 * Each scope's table is decoded on its first read (an enumerable getter that then becomes the
 * table): a program that never calls a removed name does not build its messages at start-up.
 */
export function unpackRemoved(
  reasons: readonly (readonly [why: string, instead: string])[],
  packed: Record<string, string>,
): Record<string, Record<string, string>> {
  const tables: Record<string, Record<string, string>> = {};
  for (const scope of Object.keys(packed))
    Object.defineProperty(tables, scope, {
      enumerable: true,
      configurable: true,
      get() {
        const table: Record<string, string> = {};
        for (const line of (packed[scope] as string).split("\n")) {
          const [name, was, reason] = line.split("|") as [string, string, string];
          const [why, instead] = reasons[Number(reason)]!;
          table[name] =
            `${scope}.${name}() (@octokit/rest v15/v16, ${was}) was removed: ${why}. Use ${instead}. Nothing was sent.`;
        }
        Object.defineProperty(tables, scope, { value: table, enumerable: true, writable: true, configurable: true });
        return table;
      },
    });
  return tables;
}

/** Decode `legacyParams` (definitions/generate/pack.mjs `packLegacyParams`): scope → method → old name → new. */
export function unpackLegacyParams(packed: string): Record<string, Record<string, Record<string, string>>> {
  const tables: Record<string, Record<string, Record<string, string>>> = {};
  for (const line of packed ? packed.split("\n") : []) {
    const [pairs, ...operations] = line.split(" ") as [string, ...string[]];
    const renames = Object.fromEntries(pairs.split(",").map((pair) => pair.split(">")));
    for (const operation of operations) {
      const [scope, name] = operation.split(".") as [string, string];
      (tables[scope] ??= {})[name] = renames;
    }
  }
  return tables;
}
