/**
 * The `forgekit` command: GitHub's REST API from a shell, on the same route registry and
 * built-in plugins as the library (`forgekit repos.get owner=octokit repo=rest.js`,
 * `forgekit request "GET /user"`, `--paginate`, `--dry-run`, `--help` per method). This is
 * the command-line front end, not a client plugin: it exports no plugin, only {@link run}
 * for embedding and tests. The executable is `bin.ts` (package.json `"bin"`); the guide is
 * docs/cli.md.
 *
 * @example
 * import { run } from "forgekit/plugins/cli";
 * const code = await run(["repos.get", "owner=octokit", "repo=rest.js", "--dry-run"], {
 *   env: process.env, stdout: process.stdout, stderr: process.stderr,
 *   readFile: (path) => fs.promises.readFile(path), readStdin: async () => new Uint8Array(),
 * });
 *
 * @packageDocumentation
 */
export { run } from "./main.js";
export { UsageError } from "./args.js";
export type { Io } from "./output.js";
