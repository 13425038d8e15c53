// The generated types checked against the registries: for every deployment, the endpoint
// methods its types declare per scope (read back from the generated text, `Pick`s and `Omit`s
// resolved) are exactly the methods and deprecated aliases of its registry in definitions/.
// Runs on every generation, so `node build.mjs generate --check` fails on a mismatch too.
import { pascalCase } from "./util.mjs";

const MEMBER = /^ {2}("(?:[^"\\]|\\.)*"|[\w$]+): MethodOf</gm;
const DECLARATION = /^export interface (\w+)(?:<\w+>)?(?: extends ([^\n]*?))? \{(?:\}$|\n([\s\S]*?)^\})/gm;
const PART = /(Pick|Omit)<(\w+)(?:<\w+>)?, ((?:"(?:[^"\\]|\\.)*"(?: \| )?)+)>|(\w+)(?:<\w+>)?/g;

const unquote = (key) => (key.startsWith('"') ? JSON.parse(key) : key);

/** Interfaces of the generated types/ text: name → { parts of `extends`, own member names }. */
function declarations(files) {
  const found = new Map();
  for (const [path, text] of files) {
    if (!path.startsWith("types/") || !path.endsWith(".ts")) continue;
    for (const [, name, clause = "", body = ""] of text.matchAll(DECLARATION)) {
      const parts = [...clause.matchAll(PART)].map(([, kind, ref, keys, plain]) =>
        plain ? { ref: plain } : { kind, ref, keys: keys.split(" | ").map(unquote) },
      );
      found.set(name, { parts, body, members: [...body.matchAll(MEMBER)].map(([, key]) => unquote(key)) });
    }
  }
  return found;
}

/**
 * `tsc` parses a doc comment into JSDoc nodes only when it contains `@see` or `@link` (any case):
 * in the generated operation types that cost a third of their parse time. Throws when one is back.
 * Webhook payload types (types/webhooks.ts, imported on their own) keep their `@see` links.
 */
function checkNoParsedDocTags(files) {
  const tagged = [];
  for (const [path, text] of files) {
    if (!path.startsWith("types/") || !path.endsWith(".ts") || path === "types/webhooks.ts") continue;
    const count = text.match(/@(?:see|link)/gi)?.length;
    if (count) tagged.push(`${path} (${count})`);
  }
  if (tagged.length)
    throw new Error(
      `generate: @see/@link in ${tagged.join(", ")}: every type-check would parse those comments; write the link as text (see methodDoc in definitions/generate/schema.mjs)`,
    );
}

/** Throws when a deployment's typed methods differ from its registry's, or a comment costs a JSDoc parse. */
export function checkTypesAgainstRegistries(files, models) {
  checkNoParsedDocTags(files);
  const found = declarations(files);
  const resolved = new Map();
  const membersOf = (name) => {
    if (resolved.has(name)) return resolved.get(name);
    const declaration = found.get(name);
    if (!declaration) throw new Error(`generate: types/ references ${name}, which no generated file declares`);
    const members = new Set(declaration.members);
    for (const { kind, ref, keys } of declaration.parts) {
      const theirs = membersOf(ref);
      if (kind === "Pick")
        for (const key of keys) {
          if (!theirs.has(key)) throw new Error(`generate: ${name} picks "${key}", which ${ref} lacks`);
          members.add(key);
        }
      else for (const key of theirs) if (kind !== "Omit" || !keys.includes(key)) members.add(key);
    }
    resolved.set(name, members);
    return members;
  };
  const problems = [];
  for (const [index, model] of models.entries()) {
    const prefix = index ? pascalCase(model.deployment) : "";
    const scopes = found.get(`${prefix}RestScopes`);
    if (!scopes) throw new Error(`generate: types/ declares no ${prefix}RestScopes for ${model.deployment}`);
    const typed = new Map(
      [...scopes.body.matchAll(/^ {2}([\w$]+): (\w+)(?:<\w+>)?;$/gm)].map(([, scope, methods]) => [
        scope,
        membersOf(methods),
      ]),
    );
    const registry = new Map(
      [...model.scopes].map(([scope, operations]) => [scope, new Set(operations.map((o) => o.name))]),
    );
    for (const oldName of model.legacy.aliases.keys()) {
      const [scope, name] = oldName.split(".");
      if (!registry.has(scope)) registry.set(scope, new Set());
      registry.get(scope).add(name);
    }
    for (const scope of new Set([...registry.keys(), ...typed.keys()])) {
      const want = registry.get(scope) ?? new Set();
      const have = typed.get(scope) ?? new Set();
      const missing = [...want].filter((name) => !have.has(name));
      const extra = [...have].filter((name) => !want.has(name));
      if (missing.length || extra.length)
        problems.push(
          `${model.deployment} ${scope}: types lack [${missing.join(", ")}], have [${extra.join(", ")}] the registry lacks`,
        );
    }
  }
  if (problems.length) throw new Error(`generate: types/ and definitions/ disagree:\n  ${problems.join("\n  ")}`);
}
