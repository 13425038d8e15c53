// Run by runtimes.test.ts under Bun and Deno: `<runtime> smoke.mjs <specifier> <baseUrl>`.
// Imports forgekit's ESM build, makes a request, calls an endpoint method and catches an
// HttpError against the test's loopback server, then prints one JSON line of results.
const [specifier, baseUrl] = globalThis.Deno ? Deno.args : process.argv.slice(2);
const forgekit = await import(specifier);
const client = forgekit.default({ baseUrl });

const request = await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "request" });
const endpoint = await client.repos.get({ owner: "o", repo: "endpoint" });
const error = await client
  .request("GET /repos/{owner}/{repo}", { owner: "o", repo: "missing" })
  .catch((caught) => caught);

console.log(
  JSON.stringify({
    runtime: globalThis.Bun
      ? `bun ${Bun.version}`
      : globalThis.Deno
        ? `deno ${Deno.version.deno}`
        : `node ${process.version}`,
    request: { status: request.status, data: request.data, etag: request.headers.etag },
    endpoint: { status: endpoint.status, data: endpoint.data },
    error: {
      instance: error instanceof forgekit.HttpError,
      guard: forgekit.isHttpError(error),
      name: error.name,
      status: error.status,
      remaining: error.headers?.["x-ratelimit-remaining"],
      message: error.message,
    },
  }),
);
