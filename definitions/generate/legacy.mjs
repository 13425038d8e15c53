// Deprecated aliases: old method names (x-octokit OPERATION changes, then @octokit/rest v15/v16
// method tables) mapped to today's operations.
import { legacyParamRenames } from "./legacy-params.mjs";
import { legacyRoutes } from "./legacy-routes.mjs";
import { REPO_ROOT, compareBy, groupBy, operationName, readJson } from "./util.mjs";

// Old @octokit/rest method tables, newest first: v16's wins when both name the same method.
const LEGACY_TABLES = [
  { label: "@octokit/rest v16", file: "node_modules/octokit-endpoint-methods-v2/dist-src/generated/endpoints.js" },
  { label: "@octokit/rest v15", file: "node_modules/octokit-rest-v15/lib/routes.json" },
];

export async function loadLegacyTables() {
  const tables = [];
  for (const { label, file } of LEGACY_TABLES) {
    const url = new URL(file, REPO_ROOT);
    const table = file.endsWith(".json") ? readJson(url) : (await import(url.href)).default;
    tables.push({ label, table });
  }
  return tables;
}

/**
 * Old names whose old route was misspelt in the v15 table, so no route shape can match them.
 * Reviewed by hand; used only where the deployment has the target.
 */
const REVIEWED_ALIASES = {
  // v15 spelt GitHub Enterprise's /admin/pre-receive-hooks/{id} as /admin/pre_receive_hooks/:id.
  "enterprise.deletePreReceiveHook": "enterpriseAdmin.deletePreReceiveHook",
  "enterprise.editPreReceiveHook": "enterpriseAdmin.updatePreReceiveHook",
};

/** `GET /repos/:owner/{repo}{?x}` → `GET /repos/{}/{}`: placeholders anonymous, origin and query gone. */
function routeShape(verb, url) {
  const path = url
    .replace(/^\{origin\}/, "")
    .replace(/\{\?[^}]*\}$/, "")
    .replace(/:\w+|\{\+?[^}]+\}/g, "{}");
  return `${verb.toUpperCase()} ${path}`;
}

/**
 * Deprecated aliases, from data: x-octokit OPERATION changes first, then old @octokit/rest
 * names matched to today's operations by HTTP method and route shape (`alias` entries map
 * through). An alias never shadows a current method; the first source to name it wins.
 */
export function legacyAliases(operations, legacyTables, deployment = "api.github.com") {
  const current = new Map(operations.map((operation) => [`${operation.scope}.${operation.name}`, operation]));
  const byShape = groupBy(operations, (operation) => routeShape(operation.verb, operation.path));
  const aliases = new Map();
  const report = { fromChanges: 0, legacyNames: 0, mapped: 0, unmapped: [], ambiguous: [], conflicts: [] };
  const propose = (oldName, candidates, source) => {
    const targets = [...new Set(candidates.map((operation) => `${operation.scope}.${operation.name}`))].sort();
    if (targets.length > 1)
      report.ambiguous.push(`${oldName} (${source}) → ${targets.join(" | ")}: picked ${targets[0]}`);
    const previous = aliases.get(oldName);
    if (previous && previous.target !== targets[0])
      report.conflicts.push(
        `${oldName}: ${previous.source} → ${previous.target}, ${source} → ${targets[0]} (kept the first)`,
      );
    if (!previous) aliases.set(oldName, { target: targets[0], source });
  };
  const renamed = new Map();
  for (const operation of operations) {
    for (const change of operation.op["x-octokit"]?.changes ?? []) {
      if (change.type !== "OPERATION") continue;
      const old = operationName(change.before.operationId);
      const oldName = `${old.scope}.${old.name}`;
      if (!current.has(oldName)) renamed.set(oldName, [...(renamed.get(oldName) ?? []), operation]);
    }
  }
  for (const [oldName, candidates] of [...renamed].sort(compareBy(([key]) => key)))
    propose(oldName, candidates, "x-octokit");
  report.fromChanges = aliases.size;
  const legacyNames = new Set();
  for (const { label, table } of legacyTables) {
    for (const [scope, methods] of Object.entries(table)) {
      for (const name of Object.keys(methods)) {
        const oldName = `${scope}.${name}`;
        if (current.has(oldName)) continue;
        legacyNames.add(oldName);
        const reviewed = current.get(REVIEWED_ALIASES[oldName]);
        const candidates = reviewed
          ? [reviewed]
          : resolveLegacyName(legacyTables, label, scope, name, current, byShape);
        if (candidates.length) propose(oldName, candidates, label);
      }
    }
  }
  report.legacyNames = legacyNames.size;
  report.unmapped = [...legacyNames].filter((oldName) => !aliases.has(oldName)).sort();
  report.mapped = report.legacyNames - report.unmapped.length;
  const { oldRoutes, removed } = legacyRoutes(operations, legacyTables, report.unmapped, deployment);
  report.oldRoutes = oldRoutes.size;
  report.removed = [...removed.keys()];
  // Old parameter names of today's operations: `legacyParams` of aliases.ts, beside the old
  // method names. An operation's table there is whole: it holds the description's own
  // x-octokit PARAMETER changes too (`extra.renamed`), which win.
  const resolve = (oldName) => current.get(oldName) ?? current.get(aliases.get(oldName)?.target);
  const renames = legacyParamRenames(operations, legacyTables, resolve);
  const params = new Map();
  report.paramRenames = 0;
  for (const operation of operations) {
    const key = `${operation.scope}.${operation.name}`;
    if (!renames.has(key)) continue;
    report.paramRenames += Object.keys(renames.get(key)).length;
    params.set(key, { ...renames.get(key), ...operation.extra?.renamed });
  }
  return { aliases, oldRoutes, removed, params, report };
}

/** Today's operations an old `scope.name` stands for: through `alias` entries, then by route shape. */
function resolveLegacyName(legacyTables, label, scope, name, current, byShape, seen = new Set()) {
  const key = `${scope}.${name}`;
  if (current.has(key)) return [current.get(key)];
  if (seen.has(key)) return [];
  seen.add(key);
  const ordered = [...legacyTables].sort((a, b) => (a.label === label ? -1 : b.label === label ? 1 : 0));
  for (const { table } of ordered) {
    const entry = table[scope]?.[name];
    if (entry?.alias) {
      const [aliasScope, aliasName] = entry.alias.split(".");
      return resolveLegacyName(legacyTables, label, aliasScope, aliasName, current, byShape, seen);
    }
    if (entry?.method && entry.url) return byShape.get(routeShape(entry.method, entry.url)) ?? [];
  }
  return [];
}

/** old scope → old name → `value(entry)`, both levels sorted; `entries` is `legacy.aliases`, `.oldRoutes` or `.removed`. */
export function aliasTable(entries, value = (entry) => entry.target) {
  const table = {};
  for (const [oldName, entry] of [...entries].sort(compareBy(([key]) => key))) {
    const [scope, name] = oldName.split(".");
    (table[scope] ??= {})[name] = value(entry);
  }
  return table;
}
