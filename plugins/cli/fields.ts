import { UsageError } from "./args.js";
import type { Sources } from "./values.js";

/**
 * `gh api`'s field flags, for `forgekit api` / `request` and every method call: `-f key=value`
 * is a string, `-F key=value` a typed value (true, false, null and integers become JSON;
 * `@file` reads the file, `@-` stdin). Keys nest as gh's do: `labels[]=bug` appends to an
 * array, `a[b]=c` sets a member, `a[][b]=c` fills an array of objects, and `key[]` alone is
 * an empty array. (gh's `{owner}`/`{repo}` placeholders from the current git checkout are not
 * filled: forgekit reads no git state.)
 */

/** `a[b][]` → `["a", "b", ""]`; a plain key → `[key]`. */
export function keyPath(key: string, help: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) throw new UsageError(`field ${JSON.stringify(key)}: expected key, key[], key[sub] or key[][sub].`, help);
  return [match[1] as string, ...[...(match[2] ?? "").matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] as string)];
}

type Tree = Record<string, unknown>;
const isTree = (value: unknown): value is Tree => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Put `value` at `key`'s path in `params` (`""` segments are arrays). `a[][b]=1 a[][b]=2` makes
 * two objects: a segment already set in the array's last object starts the next one.
 */
export function put(params: Tree, key: string, value: unknown, help: string, empty = false): void {
  const path = keyPath(key, help);
  const clash = () => new UsageError(`field "${key}" is given twice, or both as a value and as a list/object.`, help);
  let node: Tree = params;
  for (let index = 0; index < path.length; index++) {
    const name = path[index] as string;
    const next = path[index + 1];
    const last = next === undefined;
    if (name === "") throw clash(); // `[]` handled from its parent below
    if (last) {
      if (Object.hasOwn(node, name)) throw clash();
      node[name] = value;
      return;
    }
    if (next === "") {
      const list = (node[name] ??= []) as unknown[];
      if (!Array.isArray(list)) throw clash();
      const rest = path.slice(index + 2);
      if (rest.length === 0) {
        if (!empty) list.push(value);
        return;
      }
      // An array of objects: the last one, unless it already has this member.
      let item = list.at(-1);
      if (!isTree(item) || Object.hasOwn(item, rest[0] as string)) list.push((item = {}));
      put(item as Tree, rest.map((part, at) => (at === 0 ? part : `[${part}]`)).join(""), value, help, empty);
      return;
    }
    const child = (node[name] ??= {}) as unknown;
    if (!isTree(child)) throw clash();
    node = child;
  }
}

/** `-F`'s magic: true, false, null and integers become JSON values; anything else stays a string. */
function typed(raw: string): unknown {
  if (raw === "true" || raw === "false") return raw === "true";
  if (raw === "null") return null;
  if (/^-?\d+$/.test(raw) && Number.isSafeInteger(Number(raw))) return Number(raw);
  return raw;
}

/** The `-f`/`-F` fields as request parameters, in the order given. */
export async function fieldParams(
  fields: ReadonlyArray<[raw: boolean, assignment: string]>,
  sources: Sources,
  help: string,
): Promise<Tree> {
  const params: Tree = {};
  let stdinTaken = false;
  for (const [raw, assignment] of fields) {
    const flag = raw ? "-f" : "-F";
    const equals = assignment.indexOf("=");
    if (equals < 0) {
      // `key[]` alone is gh's empty array; any other key needs a value.
      if (!assignment.endsWith("[]"))
        throw new UsageError(
          `${flag} ${JSON.stringify(assignment)}: expected key=value (or key[] for an empty list).`,
          help,
        );
      put(params, assignment, undefined, help, true);
      continue;
    }
    const key = assignment.slice(0, equals);
    let value: unknown = assignment.slice(equals + 1);
    if (!raw && (value as string).startsWith("@")) {
      const file = (value as string).slice(1);
      if (!file) throw new UsageError(`${flag} ${key}=@: name a file, or @- for stdin.`, help);
      if (file === "-" && stdinTaken)
        throw new UsageError(`${flag} ${key}=@-: stdin is already another field's value.`, help);
      stdinTaken ||= file === "-";
      try {
        const bytes = file === "-" ? await sources.readStdin() : await sources.readFile(file);
        value = new TextDecoder().decode(bytes);
      } catch (error) {
        throw new UsageError(
          `${flag} ${key}=@${file}: cannot read ${file === "-" ? "stdin" : JSON.stringify(file)} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`,
          help,
        );
      }
    } else if (!raw) value = typed(value as string);
    put(params, key, value, help);
  }
  return params;
}
