// What `node build.mjs size` measures: each probe is bundled for the browser and its size is
// the sum over the files a page fetches for it (the entry, the chunks it imports statically
// and the lazy chunks named in `lazy`). A probe over its `budget` (min+gzip bytes;
// 1 kB = 1,000 B) fails the command.

/** The probes, given build.mjs's browser builds (`esm`: forgekit.mjs, `classic`: forgekit.js). */
export function sizeProbes({ esm, classic }) {
  return [
    {
      name: "kernel only (Client, request, hooks)",
      budget: 4000,
      contents: `export { Client } from "./kernel/index.ts";`,
    },
    {
      // A custom client with one scope, as the README composes it: forgekit/routes/repos.
      name: "kernel + auth + endpoints, one `repos` call (with the chunks it loads)",
      budget: 8000,
      needs: ["plugins/auth/index.ts", "plugins/endpoints/index.ts"],
      contents: [
        `import { Client } from "./kernel/index.ts";`,
        `import { auth } from "./plugins/auth/index.ts";`,
        `import { endpoints } from "./plugins/endpoints/index.ts";`,
        `import { routes as repos } from "./definitions/api.github.com/scopes/repos.ts";`,
        `export const getRepo = (token: string) => new (Client.plugin([auth, endpoints({ routes: { repos } })]))({ auth: token }).repos.get({ owner: "o", repo: "r" });`,
      ].join("\n"),
    },
    { name: "full preset entry, `forgekit.mjs` (names only; scopes lazy)", budget: 12000, options: esm },
    { name: "classic script, `forgekit.js` (every scope inlined)", options: classic },
  ];
}
