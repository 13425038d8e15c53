// Old @octokit/rest v15/v16 parameter names of today's operations (`number` → `issue_number`),
// written to aliases.ts's `legacyParams` (generate/definitions.mjs) so that endpoint methods,
// `.endpoint()`, `.endpoint.merge()` and paginate of a registry that has them map them
// (plugins/endpoints/method.ts).

/**
 * Renames the old tables cannot state: a body parameter that took a new name because the
 * path took its old one. Reviewed by hand; each line says why.
 */
const REVIEWED_RENAMES = {
  // v16: PATCH /labels/:current_name with the new name in the body's `name`; today the path
  // parameter is `name` and the body's is `new_name`.
  "issues.updateLabel": { name: "new_name" },
};

const placeholders = (url) => [...url.matchAll(/:(\w+)|\{\+?([^}?]+)\}/g)].map((match) => match[1] ?? match[2]);
const segmentsOf = (path) =>
  path
    .replace(/^\{origin\}/, "")
    .replace(/\{\?[^}]*\}$/, "")
    .split("/");

/**
 * `{ "scope.method": { old: new } }` for today's operations: the tables' `alias` parameters
 * (`number: { alias: "issue_number" }`), and path parameters at the same place of the same
 * route under another name (`/issues/:number` → `/issues/{issue_number}`). A rename is kept
 * only when the new name is a parameter of today's operation and the old one is not (the
 * reviewed lines excepted).
 *
 * @param resolve old `scope.name` → today's operation, or undefined.
 */
export function legacyParamRenames(operations, legacyTables, resolve) {
  const renames = new Map();
  const add = (operation, old, now) => {
    const key = `${operation.scope}.${operation.name}`;
    const names = new Set([...operation.parameters.map((p) => p.name), ...operation.fields.map((f) => f.name)]);
    if (old === now || names.has(old) || !names.has(now)) return;
    const table = renames.get(key) ?? renames.set(key, {}).get(key);
    table[old] ??= now;
  };
  for (const { table } of legacyTables) {
    for (const [scope, methods] of Object.entries(table)) {
      for (const [name, entry] of Object.entries(methods)) {
        const operation = resolve(`${scope}.${name}`);
        if (!operation || !entry.url) continue;
        for (const [old, param] of Object.entries(entry.params ?? {}))
          if (typeof param.alias === "string") add(operation, old, param.alias);
        const before = segmentsOf(entry.url);
        const after = segmentsOf(operation.path);
        if (before.length !== after.length) continue;
        before.forEach((segment, index) => {
          const [old] = placeholders(segment);
          const [now] = placeholders(after[index]);
          if (old && now) add(operation, old, now);
        });
      }
    }
  }
  for (const [key, table] of Object.entries(REVIEWED_RENAMES)) {
    if (!operations.some((operation) => `${operation.scope}.${operation.name}` === key)) continue;
    Object.assign(renames.get(key) ?? renames.set(key, {}).get(key), table);
  }
  return renames;
}
