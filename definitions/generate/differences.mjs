// The deployments besides the default (GHEC, GHES) as what differs from it: most of their
// operations are api.github.com's, line for line (23.0.2: 1,210 of GHEC's 1,350 operations in
// scopes api.github.com has, 764 of GHES 3.17's 813), so definitions/<deployment>/ holds
//   paths.ts   per scope, one line per operation in the order of `names.<scope>`: a run of
//              api.github.com's lines of the same scope (`<first index>[+<count>]`, each line
//              that of the operation with the same name) or the packed line itself (pack.mjs)
//   params.ts  per scope, in the same order: a number n (the next n methods take api.github.com's
//              parameters of the same name) or the method's own parameter array (params.mjs)
// and index.ts, aliases.ts and all.ts, which rebuild the data the per-scope modules of the
// default give (definitions/decode/from-base.ts): nothing downstream sees the difference.
import { packRoute } from "./pack.mjs";
import { paramMeta } from "./params.mjs";
import { literal, propertyKey } from "./util.mjs";

/** The base's operations of a scope by name, with their index in the scope. */
const byName = (operations = []) =>
  new Map(operations.map((operation, index) => [operation.name, { operation, index }]));

/** One scope's `paths.ts` string: runs of the base's lines that are the same, and the deployment's own lines. */
export function pathDifferences(operations, baseOperations) {
  const base = byName(baseOperations);
  const items = [];
  let run;
  for (const operation of operations) {
    const line = packRoute(operation);
    const same = base.get(operation.name);
    if (same && packRoute(same.operation) === line) {
      if (run && run.start + run.count === same.index) run.count++;
      else items.push((run = { start: same.index, count: 1 }));
    } else {
      items.push(line);
      run = undefined;
    }
  }
  return items
    .map((item) => (typeof item === "string" ? item : `${item.start}${item.count > 1 ? `+${item.count}` : ""}`))
    .join("\n");
}

/** One scope's entry of `params.ts`: counts of methods whose parameters are the base's, and the others' own. */
export function paramDifferences(model, operations, base, baseOperations) {
  const baseByName = byName(baseOperations);
  const items = [];
  for (const operation of operations) {
    const own = operation.fields.map((field) => paramMeta(model.spec, field));
    const same = baseByName.get(operation.name);
    if (same && literal(same.operation.fields.map((field) => paramMeta(base.spec, field))) === literal(own)) {
      if (typeof items.at(-1) === "number") items[items.length - 1]++;
      else items.push(1);
    } else items.push(own);
  }
  return items;
}

/** `index.ts`'s loaders: a scope's routes and parameters from the base's chunk and this deployment's differences. */
export function differenceLoaders(base) {
  const from = `../${base.deployment}`;
  return [
    "/**",
    ` * A scope's routes without their names, decoded against \`names\`: ${base.deployment}'s chunk of the scope`,
    " * (when it has the scope) with this deployment's differences (`paths.ts`, one chunk) applied.",
    " */",
    "export const load = (scope: string): Promise<{ paths: string }> =>",
    `  Promise.all([import("./paths.js"), import("${from}/loaders.js")]).then(([own, base]) => own.load(scope, base.loaders));`,
    "",
    `/** A scope's parameter metadata, for the validation plugin: ${base.deployment}'s with this deployment's differences (\`params.ts\`). */`,
    'export const loadParams = (scope: string): Promise<{ params: ScopeParams }> => import("./params.js").then((m) => m.loadParams(scope));',
  ];
}

export function pathsModule(model, base, endpoints) {
  return [
    `// ${model.header}`,
    `import { pathsFromBase } from "${endpoints}/from-base.js";`,
    "",
    "/**",
    ` * Per scope, its routes without names in the order of \`names.<scope>\` (index.ts), as what differs`,
    ` * from ${base.deployment}'s: \`<first>[+<count>]\` stands for that many lines of ${base.deployment}'s scope`,
    " * from index `first` on (the same operations, same routes), any other line is a packed route",
    " * of this deployment's own (definitions/generate/differences.mjs).",
    " */",
    "export const differences: Record<string, string> = {",
    ...[...model.scopes].map(
      ([scope, operations]) =>
        `  ${propertyKey(scope)}: ${JSON.stringify(pathDifferences(operations, base.scopes.get(scope)))},`,
    ),
    "};",
    "",
    `/** A scope's \`paths\`, given ${base.deployment}'s route loaders (\`loaders.ts\`). */`,
    "export const load = async (",
    "  scope: string,",
    "  loaders: Record<string, () => Promise<{ routes: string }>>,",
    "): Promise<{ paths: string }> => ({",
    '  paths: pathsFromBase(differences[scope]!, Object.hasOwn(loaders, scope) ? (await loaders[scope]!()).routes : ""),',
    "});",
    "",
  ].join("\n");
}

export function paramsModule(model, base, kernel, endpoints) {
  return [
    `// ${model.header}`,
    `import type { ParamMeta, ScopeParams } from "${kernel}";`,
    `import { paramsFromBase } from "${endpoints}/from-base.js";`,
    `import { paramLoaders } from "../${base.deployment}/param-loaders.js";`,
    'import { names } from "./index.js";',
    "",
    "/**",
    ` * Per scope, its methods' parameters in the order of \`names.<scope>\`, as what differs from ${base.deployment}'s:`,
    ` * a number n stands for the next n methods, whose parameters are those of ${base.deployment}'s method of`,
    " * the same name; an array is a method's own `[name, flags, type, values?]` list (definitions/README.md).",
    " */",
    "export const differences: Record<string, readonly (number | readonly ParamMeta[])[]> = {",
    ...[...model.scopes].map(
      ([scope, operations]) =>
        `  ${propertyKey(scope)}: ${literal(paramDifferences(model, operations, base, base.scopes.get(scope)))},`,
    ),
    "};",
    "",
    `/** A scope's parameter metadata: ${base.deployment}'s chunk of the scope (when it has the scope) with the differences applied. */`,
    "export const loadParams = async (scope: string): Promise<{ params: ScopeParams }> => ({",
    "  params: paramsFromBase(",
    "    names[scope]!,",
    "    differences[scope]!,",
    '    Object.hasOwn(paramLoaders, scope) ? (await paramLoaders[scope]!()).params : "",',
    "  ),",
    "});",
    "",
  ].join("\n");
}

/** all.ts's imports and `routes` for a deployment written as differences. */
export function differenceRoutes(base, endpoints) {
  return {
    imports: [
      `import { routesFromBase } from "${endpoints}/from-base.js";`,
      `import { routes as base } from "../${base.deployment}/all.js";`,
      'import { deployment, names } from "./index.js";',
      'import { differences } from "./paths.js";',
    ],
    routes: [
      "/**",
      ` * Every scope's packed routes (definitions/generate/pack.mjs), made when this module loads from`,
      ` * ${base.deployment}'s (its all.ts) and this deployment's differences (\`paths.ts\`): one module to load`,
      " * for the data, not one per scope; each scope is decoded on its first use.",
      " */",
      "export const routes: Record<string, string> = /* @__PURE__ */ routesFromBase(names, differences, base);",
    ],
  };
}
