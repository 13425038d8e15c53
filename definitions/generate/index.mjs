// `node build.mjs generate [--check]`: writes definitions/ (the route registry of every
// deployment), types/ (type-only, every deployment, shared where equal) and plugins/cli/generated/ (the
// CLI's summaries) from @octokit/openapi. Every module but files.mjs is pure: descriptions in,
// a Map of file path → text out.
//   openapi.mjs      reading and describing a description (operations, parameters, bodies)
//   routes.mjs       route entries;  legacy.mjs  deprecated aliases;  params.mjs  parameter metadata
//   definitions.mjs  definitions/<deployment>/ (differences.mjs: the other deployments as what
//                    differs from the default);  readme.mjs  definitions/README.md
//   webhooks.mjs     types/webhooks.ts (webhook payloads, from `x-webhooks`)
//   types.mjs        types/ (deployment-types.mjs: what other deployments declare;
//                    check-types.mjs: their methods against the registries);  cli.mjs  plugins/cli/generated/
//   deployments.mjs  the one list of deployments;  files.mjs  reading and writing the tree
//   versions.mjs     REST API versions: a description at a later version, removed parameters
//                    (version-hints.mjs: what to send instead, by hand)
import { cliFiles } from "./cli.mjs";
import { definitionFiles } from "./definitions.mjs";
import { DEPLOYMENTS, deploymentsModule } from "./deployments.mjs";
import { GENERATED_DIRS, changedFiles, writeTree } from "./files.mjs";
import { loadLegacyTables } from "./legacy.mjs";
import { definitionsReadme } from "./readme.mjs";
import { removedOperations } from "./removed-operations.mjs";
import { describeDeployment, openapiVersion } from "./openapi.mjs";
import { typeFiles } from "./types.mjs";
import { webhookTypesModule } from "./webhooks.mjs";
import { checkTypesAgainstRegistries } from "./check-types.mjs";
import { checkVersionHints, markRemovedParameters } from "./versions.mjs";

/**
 * Every deployment described as the generated files show it, the default first: a later REST
 * API version's removed parameters are marked on its operations (`extra.removed`). Also the
 * later versions' own models and the parameters whose removal has a hint (version-hints.mjs).
 */
export async function describeDeployments() {
  const pkgVersion = openapiVersion();
  const legacyTables = await loadLegacyTables();
  const models = [];
  const versionModels = [];
  const hinted = new Set();
  for (const deployment of DEPLOYMENTS) {
    const model = describeDeployment(deployment, pkgVersion, legacyTables);
    // A later REST API version: the same deployment as that version describes it.
    for (const version of model.apiVersions.slice(1)) {
      const later = describeDeployment(deployment, pkgVersion, legacyTables, version);
      markRemovedParameters(model, later, version, hinted);
      versionModels.push(later);
    }
    models.push(model);
  }
  return { pkgVersion, models, versionModels, hinted };
}

/** Every generated file, path relative to the repository → content. */
export async function generatedFiles() {
  const { pkgVersion, models, versionModels, hinted } = await describeDeployments();
  const files = new Map();
  // The first deployment is the default: the others' registries are written as what differs from it.
  const [base] = models;
  for (const model of models)
    for (const [path, text] of definitionFiles(model, model === base ? undefined : base))
      files.set(`${model.dir}/${path}`, text);
  checkVersionHints(hinted);
  files.set("definitions/README.md", definitionsReadme(models));
  // The drop-in Octokit's operations GitHub removed (from an older description): routes with the
  // other old names in aliases.ts, names in a types-only module.
  const removed = removedOperations(base);
  files.set(`${base.dir}/aliases.ts`, `${files.get(`${base.dir}/aliases.ts`)}\n${removed.routesSection}`);
  files.set(`${base.dir}/octokit-removed.ts`, removed.typesFile);
  files.set("definitions/deployments.ts", deploymentsModule(pkgVersion, models));
  // The first deployment is the default: types/ describe it in full, the others (and the later
  // API versions) by what differs.
  for (const [path, text] of await typeFiles(models, versionModels)) files.set(`types/${path}`, text);
  checkTypesAgainstRegistries(files, [...models, ...versionModels]);
  // Webhook payloads: the component types components.ts already declares are imported from it.
  const declared = new Set(
    [...files.get("types/components.ts").matchAll(/^export (?:interface|type) (\w+)/gm)].map((m) => m[1]),
  );
  files.set("types/webhooks.ts", await webhookTypesModule(base, declared));
  for (const [path, text] of cliFiles(models)) files.set(`plugins/cli/generated/${path}`, text);
  return files;
}

/** The `generate` command: write the tree, or with `--check` exit 1 when it would change. */
export async function generate(args) {
  const unknown = args.filter((arg) => arg !== "--check");
  if (unknown.length)
    throw new Error(`generate: unknown argument(s) ${unknown.join(" ")}. Use \`generate\` or \`generate --check\`.`);
  const started = performance.now();
  const files = await generatedFiles();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const dirs = GENERATED_DIRS.map(({ dir }) => `${dir}/`).join(", ");
  if (args.includes("--check")) {
    const changes = changedFiles(files);
    if (changes.length) {
      console.error(`generate --check: ${changes.length} file(s) differ from a fresh generation:`);
      for (const change of changes) console.error(`  ${change}`);
      console.error(`Run \`node build.mjs generate\` and commit ${dirs}.`);
      process.exit(1);
    }
    console.log(`generate --check: ${files.size} files up to date (${seconds}s)`);
    return;
  }
  const written = writeTree(files);
  console.log(`generate: ${files.size} files in ${dirs} (${written} changed) in ${seconds}s`);
}
