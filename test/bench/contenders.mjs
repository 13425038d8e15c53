// The contenders, each behind the same small interface so the workers measure them alike:
//   small(repo?)   GET /repos/octo-org/<repo>/tags             (~400 B array; repo defaults to octo-repo)
//   large()        GET /orgs/octo-org/repos                    (~200 KB array)
//   all(repo)      every contributor of `repo` in one array    (100 per page)
//   each(repo, fn) the same through the library's page iterator, calling fn(page data)
//   agent()        small() through the library's `agent` option (a keep-alive node:http Agent)
//   proxied()      small() through a CONNECT proxy (the bench server is one: server.mjs)
//   download()     GET a 200 MB tarball as a stream; resolves with the bytes read (discarded)
// Each contender uses what a user of that library would write. Only the contender being
// measured is imported into a worker process.
const OWNER = "octo-org";
const REPO = "octo-repo";
const ORG = "octo-org";

/** Contender names in the order of the first round. */
export const CONTENDERS = ["fetch", "node-http", "forgekit", "octokit-rest", "octokit-core"];

/** Packages each contender is measured from (for the versions table). */
export const PACKAGES = { forgekit: "forgekit", "octokit-rest": "@octokit/rest", "octokit-core": "@octokit/core" };

export const LABELS = {
  fetch: "bare fetch",
  "node-http": "raw node:http",
  forgekit: "forgekit",
  "octokit-rest": "@octokit/rest",
  "octokit-core": "@octokit/core",
};

const contributorsRoute = "GET /repos/{owner}/{repo}/contributors";
/** The GraphQL measure's query: one connection, 100 nodes per page, `$cursor` as both GraphQL paginators want. */
export const GRAPHQL_QUERY = `query ($owner: String!, $repo: String!, $first: Int!, $cursor: String) {
  repository(owner: $owner, name: $repo) {
    issues(first: $first, after: $cursor) { nodes { login id contributions } pageInfo { hasNextPage endCursor } }
  }
}`;
const graphqlCount = (data) => data.repository.issues.nodes.length;
const TARBALL = `/repos/${OWNER}/${REPO}/tarball/main`;

/** The bytes of a web ReadableStream (or any async iterable of chunks), read and dropped. */
async function drain(stream) {
  let bytes = 0;
  for await (const chunk of stream) bytes += chunk.byteLength;
  return bytes;
}

const loaders = {
  async fetch(baseUrl) {
    const { getJson, pages, all } = await import("./fixtures/fetch-client.mjs");
    return {
      notes: [],
      async graphql(repo) {
        // What a fetch user writes: POST, check the status and errors, follow endCursor.
        const nodes = [];
        let cursor = null;
        for (;;) {
          const response = await fetch(`${baseUrl}/graphql`, {
            method: "POST",
            headers: { "content-type": "application/json", accept: "application/json" },
            body: JSON.stringify({ query: GRAPHQL_QUERY, variables: { owner: OWNER, repo, first: 100, cursor } }),
          });
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          const body = await response.json();
          if (body.errors?.length) throw new Error(body.errors[0].message);
          const { nodes: page, pageInfo } = body.data.repository.issues;
          nodes.push(...page);
          if (!pageInfo.hasNextPage) return nodes.length;
          cursor = pageInfo.endCursor;
        }
      },
      small: (repo = REPO) => getJson(`${baseUrl}/repos/${OWNER}/${repo}/tags`),
      // The baseline of the agent and proxied measures: bare fetch has no agent option, and
      // a proxy needs undici's ProxyAgent, which is not installed.
      agent: () => getJson(`${baseUrl}/repos/${OWNER}/${REPO}/tags`),
      proxied: () => getJson(`${baseUrl}/repos/${OWNER}/${REPO}/tags`),
      async download() {
        const response = await fetch(`${baseUrl}${TARBALL}`);
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return drain(response.body);
      },
      large: () => getJson(`${baseUrl}/orgs/${ORG}/repos`),
      all: (repo) => all(`${baseUrl}/repos/${OWNER}/${repo}/contributors?per_page=100`),
      async each(repo, fn) {
        for await (const page of pages(`${baseUrl}/repos/${OWNER}/${repo}/contributors?per_page=100`)) fn(page.data);
      },
    };
  },

  async "node-http"(baseUrl) {
    const { get, getJson, pages, all } = await import("./fixtures/node-http-client.mjs");
    const { HttpsProxyAgent } = await import("https-proxy-agent");
    // The proxied floor: the same GET through a keep-alive CONNECT tunnel (https-proxy-agent,
    // which forgekit's proxy support uses too).
    const tunnel = new HttpsProxyAgent(baseUrl, { keepAlive: true });
    return {
      notes: [],
      small: (repo = REPO) => getJson(`${baseUrl}/repos/${OWNER}/${repo}/tags`),
      agent: () => getJson(`${baseUrl}/repos/${OWNER}/${REPO}/tags`),
      proxied: () => getJson(`${baseUrl}/repos/${OWNER}/${REPO}/tags`, tunnel),
      large: () => getJson(`${baseUrl}/orgs/${ORG}/repos`),
      all: (repo) => all(`${baseUrl}/repos/${OWNER}/${repo}/contributors?per_page=100`),
      async each(repo, fn) {
        for await (const page of pages(`${baseUrl}/repos/${OWNER}/${repo}/contributors?per_page=100`)) fn(page.data);
      },
      download: async () => drain(await get(`${baseUrl}${TARBALL}`)),
    };
  },

  async forgekit(baseUrl) {
    const { default: forgekit, Client } = await import("forgekit");
    const notes = [];
    let client = forgekit({ baseUrl });
    if (typeof client.paginate !== "function") {
      // Until the preset wires paginate in, measure the preset plus the paginate plugin.
      const plugin = await import("forgekit/plugins/paginate").then(
        (m) => m.paginate,
        () => undefined,
      );
      if (plugin) {
        client = new (Client.plugin([plugin]))({ baseUrl });
        notes.push("paginate is not in the preset yet: measured as the preset + forgekit/plugins/paginate");
      }
    }
    // Endpoint methods when the endpoints plugin is wired into the preset, else client.request.
    const repos = client.repos;
    const hasMethods = typeof repos?.listTags === "function" && typeof repos?.listForOrg === "function";
    if (!hasMethods) notes.push("no endpoint methods in the preset yet: measured through client.request");
    const small = hasMethods
      ? (repo = REPO) => repos.listTags({ owner: OWNER, repo })
      : (repo = REPO) => client.request("GET /repos/{owner}/{repo}/tags", { owner: OWNER, repo });
    const large = hasMethods
      ? () => client.repos.listForOrg({ org: ORG })
      : () => client.request("GET /orgs/{org}/repos", { org: ORG });
    const paginate = typeof client.paginate === "function" ? client.paginate : undefined;
    // The agent path: the same GET through a client given a keep-alive node:http Agent.
    const { Agent } = await import("node:http");
    const withAgent = forgekit({ baseUrl, agent: new Agent({ keepAlive: true }) });
    // The proxied path: every request through the bench server acting as a CONNECT proxy.
    const proxied = forgekit({ baseUrl, request: { proxy: baseUrl } });
    if (!paginate) notes.push("no paginate plugin in the preset yet");
    return {
      notes,
      small,
      large,
      agent: () => withAgent.repos.listTags({ owner: OWNER, repo: REPO }),
      proxied: () => proxied.repos.listTags({ owner: OWNER, repo: REPO }),
      async download() {
        const { data } = await client.repos.downloadTarballArchive({
          owner: OWNER,
          repo: REPO,
          ref: "main",
          request: { parseSuccessResponseBody: false },
        });
        return drain(data);
      },
      graphql:
        client.graphql?.paginate &&
        (async (repo) =>
          graphqlCount(await client.graphql.paginate(GRAPHQL_QUERY, { owner: OWNER, repo, first: 100 }))),
      all: paginate && ((repo) => paginate(contributorsRoute, { owner: OWNER, repo, per_page: 100 })),
      each:
        paginate?.iterator &&
        (async (repo, fn) => {
          for await (const page of paginate.iterator(contributorsRoute, { owner: OWNER, repo, per_page: 100 }))
            fn(page.data);
        }),
    };
  },

  async "octokit-rest"(baseUrl) {
    const { Octokit } = await import("@octokit/rest");
    const octokit = new Octokit({ baseUrl });
    return {
      notes: [],
      small: (repo = REPO) => octokit.rest.repos.listTags({ owner: OWNER, repo }),
      large: () => octokit.rest.repos.listForOrg({ org: ORG }),
      async download() {
        const { data } = await octokit.rest.repos.downloadTarballArchive({
          owner: OWNER,
          repo: REPO,
          ref: "main",
          request: { parseSuccessResponseBody: false },
        });
        return drain(data);
      },
      all: (repo) => octokit.paginate(octokit.rest.repos.listContributors, { owner: OWNER, repo, per_page: 100 }),
      async each(repo, fn) {
        for await (const page of octokit.paginate.iterator(octokit.rest.repos.listContributors, {
          owner: OWNER,
          repo,
          per_page: 100,
        }))
          fn(page.data);
      },
    };
  },

  async "octokit-core"(baseUrl) {
    const { Octokit } = await import("@octokit/core");
    const { paginateGraphQL } = await import("@octokit/plugin-paginate-graphql");
    const octokit = new (Octokit.plugin(paginateGraphQL))({ baseUrl });
    // @octokit/core has no paginate: a core user follows Link rel="next" by hand.
    const NEXT = /<([^>]+)>;\s*rel="next"/;
    async function* pages(repo) {
      let response = await octokit.request(contributorsRoute, { owner: OWNER, repo, per_page: 100 });
      for (;;) {
        yield response;
        const next = NEXT.exec(response.headers.link ?? "")?.[1];
        if (!next) return;
        response = await octokit.request({ method: "GET", url: next });
      }
    }
    return {
      notes: [
        "no paginate in @octokit/core: a hand-written Link loop over octokit.request",
        "GraphQL: octokit.graphql (@octokit/graphql) with @octokit/plugin-paginate-graphql",
      ],
      graphql: async (repo) =>
        graphqlCount(await octokit.graphql.paginate(GRAPHQL_QUERY, { owner: OWNER, repo, first: 100 })),
      small: (repo = REPO) => octokit.request("GET /repos/{owner}/{repo}/tags", { owner: OWNER, repo }),
      large: () => octokit.request("GET /orgs/{org}/repos", { org: ORG }),
      async download() {
        const { data } = await octokit.request(`GET ${TARBALL}`, { request: { parseSuccessResponseBody: false } });
        return drain(data);
      },
      async all(repo) {
        const items = [];
        for await (const page of pages(repo)) items.push(...page.data);
        return items;
      },
      async each(repo, fn) {
        for await (const page of pages(repo)) fn(page.data);
      },
    };
  },
};

/** Import and construct contender `name` against `baseUrl`. */
export function load(name, baseUrl) {
  const loader = loaders[name];
  if (!loader) throw new Error(`Unknown contender "${name}": use one of ${CONTENDERS.join(", ")}.`);
  return loader(baseUrl);
}

export const FIXTURE = { OWNER, REPO, ORG, SMALL_REPO: "warm-repo", DOWNLOAD_BYTES: 200_000_000 };
