// What every test in test/mocks/ sends through its mocking library: the same three requests
// as @octokit/rest code makes them (`new Octokit`, `octokit.rest.*`), to a host that cannot
// resolve. A request that went past the mock fails to connect instead of leaving the machine.
// forgekit is imported on the first call, not by this module: test/mocks/global-fetch.test.ts
// replaces globalThis.fetch before it loads.

/** `.test` is reserved and never resolves (RFC 6761 §6.2). */
export const API = "https://api.github.test";
/** A made-up token: the mocks check that it arrives, in the header only. */
export const TOKEN = "ghp_mockedmockedmockedmockedmocked0000";

/** The answers the mocks give, by request. */
export const ANSWERS = {
  repo: { id: 1, full_name: "o/r" },
  issue: { number: 7, title: "found a bug" },
  search: { total_count: 1, incomplete_results: false, items: [{ number: 7 }] },
};

/** The search query as the caller writes it, and as @octokit/endpoint sends it. */
export const SEARCH = { q: "repo:o/r+type:pr", wire: "q=repo%3Ao%2Fr+type%3Apr" };

/** Send the three requests; resolves with their data. */
export async function exercise(): Promise<{ repo: unknown; issue: unknown; search: unknown }> {
  const { Octokit } = await import("../../plugins/presets/full.js");
  const octokit = new Octokit({ baseUrl: API, auth: TOKEN });
  const repo = await octokit.rest.repos.get({ owner: "o", repo: "r" });
  const issue = await octokit.rest.issues.create({ owner: "o", repo: "r", title: "found a bug" });
  const search = await octokit.rest.search.issuesAndPullRequests({ q: SEARCH.q });
  return { repo: repo.data, issue: issue.data, search: search.data };
}
