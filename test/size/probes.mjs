// What `node build.mjs size` measures: exactly the cases of the size budgets (min+gzip bytes,
// gzip -9; 1 kB = 1,000 B). Each probe is bundled for the browser and its size is the sum over
// the files a page fetches for it: the entry file (`entryOnly`: that file alone), the chunks it
// imports statically, and the lazy chunks named in `lazy`.
//
// `budget` is the target. Where the design cannot meet it yet, `ceiling` is what the build may
// not exceed today (the measured size plus ~1.5% for other work in flight): `npm test` fails above `ceiling ?? budget`,
// so sizes can only go down, and the table shows how far each target still is.

const ENDPOINTS_USE = `.repos.get({ owner: "o", repo: "r" })`;

/** The probes, given build.mjs's browser builds (`esm`: forgekit.mjs, `classic`: forgekit.js). */
export function sizeProbes({ esm, classic }) {
  const flat = { splitting: false };
  return [
    {
      name: "kernel only (Client, request, hooks)",
      budget: 4000,
      // 3.98 kB until the merges of issues 12, 13 and 14 (kernel/check-options.ts alone is 2,083 B minified);
      // +263 B when kernel/hook.ts went back to before-after-hook's Collection (its runtime, by design);
      // -419 B when an HttpError's words (kernel/http-error.ts) became a chunk loaded on the first error.
      // +540 B for issue 12's leaner request path and per-class state (kernel wraps, compiled
      // templates, URL checks once per baseUrl+template, shared route records, memberOnFirstUse).
      // +66 B for kernel/merge.ts's Object.assign copy with its __proto__ guard and kernel/response.ts's
      // header loop (merge 4.1 -> 0.34 µs, headers 2.2 -> 0.6 µs a request).
      // +239 B for issue 24: error identity across copies (kernel/brand.ts), error.requestId, Client.VERSION.
      ceiling: 6700,
      contents: `export { Client } from "./kernel/index.ts";`,
    },
    {
      name: "@octokit/rest's features: `Client.plugin([endpoints(registry), auth, paginate, log])`, all operations, no splitting",
      budget: 17000,
      // +750 B for issue 12's leaner request path and per-class state (kernel wraps, compiled
      // templates, URL checks once per baseUrl+template, shared route records, memberOnFirstUse).
      // +48 B for kernel/merge.ts's Object.assign copy, as the kernel-only probe.
      // +218 B for issue 24: error identity across copies (kernel/brand.ts), error.requestId, Client.VERSION.
      // +678 B for issue 27: the log plugin's line or record per request (kernel/request-record.ts).
      ceiling: 34520,
      ...flat,
      contents: [
        `import { Client } from "./kernel/index.ts";`,
        `import { auth } from "./plugins/auth/index.ts";`,
        `import { endpoints } from "./plugins/endpoints/index.ts";`,
        `import { paginate } from "./plugins/paginate/index.ts";`,
        `import { log } from "./plugins/log/index.ts";`,
        `import { registry } from "./definitions/api.github.com/all.ts";`,
        `export const MyClient = Client.plugin([endpoints(registry), auth, paginate, log]);`,
        `export const get = (token: string) => new MyClient({ auth: token })${ENDPOINTS_USE};`,
      ].join("\n"),
    },
    {
      name: "full browser preset, main output file (`forgekit.mjs`, splitting)",
      budget: 12000,
      // +60 B for issue 12's leaner request path and per-class state (kernel wraps, compiled
      // templates, URL checks once per baseUrl+template, shared route records, memberOnFirstUse).
      // +160 B for issue 27: the log plugin's line or record per request (kernel/request-record.ts).
      // +13 B for issue 24's throttle callbacks (@octokit's arguments, the options object).
      ceiling: 16820,
      entryOnly: true,
      options: esm,
    },
    {
      name: "full browser preset, every file loaded for one `repos.get` (splitting)",
      budget: 16000,
      // +670 B for issue 12's leaner request path and per-class state (kernel wraps, compiled
      // templates, URL checks once per baseUrl+template, shared route records, memberOnFirstUse).
      // -1,005 B and 3 files fewer when the retry/throttle engine became one chunk (plugins/presets/policy-code.ts).
      // +208 B for issue 24: error identity across copies (kernel/brand.ts), error.requestId, Client.VERSION.
      // +719 B for issue 27: the log plugin's line or record per request (kernel/request-record.ts).
      // +13 B for issue 24's throttle callbacks (@octokit's arguments, the options object).
      ceiling: 33600,
      options: esm,
      // What the page fetches for it, as test/browser/esm.test.ts records in Chromium: the route
      // loader table, repos' paths and the retry/throttle engine (loaded before the first request).
      lazy: [
        "definitions/api.github.com/loaders.ts",
        "definitions/api.github.com/paths/repos.ts",
        "plugins/presets/policy-code.ts",
      ],
    },
    {
      name: 'full browser preset, no splitting (`import forgekit from "forgekit"`)',
      budget: 24000,
      // +610 B for issue 12's leaner request path and per-class state (kernel wraps, compiled
      // templates, URL checks once per baseUrl+template, shared route records, memberOnFirstUse).
      // +219 B for issue 24: error identity across copies (kernel/brand.ts), error.requestId, Client.VERSION.
      // +737 B for issue 27: the log plugin's line or record per request (kernel/request-record.ts).
      // +472 B for issue 24's throttle callbacks and nested GraphQL connections without a cursor
      // variable (plugins/graphql/plan.ts), measured after merging issue 27.
      ceiling: 54490,
      ...flat,
      contents: `import forgekit from "./plugins/presets/browser.ts";\nexport const get = () => forgekit()${ENDPOINTS_USE};`,
    },
    // +610 B for issue 12's leaner request path and per-class state (kernel wraps, compiled
    // templates, URL checks once per baseUrl+template, shared route records, memberOnFirstUse).
    // +227 B for issue 24: error identity across copies (kernel/brand.ts), error.requestId, Client.VERSION.
    // +720 B for issue 27: the log plugin's line or record per request (kernel/request-record.ts).
    // +492 B for issue 24's throttle callbacks and nested GraphQL connections without a cursor
    // variable (plugins/graphql/plan.ts), measured after merging issue 27.
    { name: "classic script, `forgekit.js`", budget: 24000, ceiling: 54640, options: classic },
    {
      name: "kernel + auth + endpoints + the `repos` chunk, one call",
      budget: 10000,
      // +263 B for before-after-hook's runtime in kernel/hook.ts, as the kernel-only probe.
      // +960 B for issue 12's leaner request path and per-class state (kernel wraps, compiled
      // templates, URL checks once per baseUrl+template, shared route records, memberOnFirstUse).
      // +67 B for kernel/merge.ts's Object.assign copy, as the kernel-only probe.
      // +229 B for issue 24: error identity across copies (kernel/brand.ts), error.requestId, Client.VERSION.
      ceiling: 16010,
      needs: ["plugins/auth/index.ts", "plugins/endpoints/index.ts"],
      contents: [
        `import { Client } from "./kernel/index.ts";`,
        `import { auth } from "./plugins/auth/index.ts";`,
        `import { endpoints } from "./plugins/endpoints/index.ts";`,
        `import { routes as repos } from "./definitions/api.github.com/scopes/repos.ts";`,
        `export const get = (token: string) => new (Client.plugin([auth, endpoints({ routes: { repos } })]))({ auth: token })${ENDPOINTS_USE};`,
      ].join("\n"),
    },
  ];
}
