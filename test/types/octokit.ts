// Type tests for issue 14 (code ported from @octokit): `tsc -p test/types` must pass; each
// expect-error directive must meet an error.
import forgekit, { RequestError, type HttpError } from "../../plugins/presets/full.js";
import { Client as Core } from "../../kernel/index.js";
import { auth } from "../../plugins/auth/index.js";
import { paginate } from "../../plugins/paginate/index.js";
import type { IssueSearchResultItem, WorkflowRun, CheckRun, PullRequest } from "../../types/index.js";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const is = <T extends true>(value?: T) => value;

export async function paginateItems(): Promise<void> {
  const client = forgekit();
  const found = await client.paginate(client.search.issuesAndPullRequests, { q: "is:open" });
  is<Equal<typeof found, IssueSearchResultItem[]>>();
  const viaRoute = await client.paginate("GET /search/issues", { q: "is:open" });
  is<Equal<typeof viaRoute, IssueSearchResultItem[]>>();
  const repos = await client.paginate(client.apps.listReposAccessibleToInstallation);
  const fullName: string = repos[0]!.full_name;
  // Items are never undefined: no `| undefined` to narrow away.
  is<Equal<undefined extends (typeof repos)[number] ? true : false, false>>();
  const runs = await client.paginate(client.actions.listWorkflowRunsForRepo, { owner: "o", repo: "r" });
  is<Equal<typeof runs, WorkflowRun[]>>();
  const checks = await client.paginate(client.checks.listForRef, { owner: "o", repo: "r", ref: "main" });
  is<Equal<typeof checks, CheckRun[]>>();
  for await (const page of client.paginate.iterator("GET /search/issues", { q: "x" })) {
    const item: IssueSearchResultItem = page.data[0]!;
    void item;
  }
  void fullName;
}

export async function mediaTypes(): Promise<void> {
  const client = forgekit();
  const params = { owner: "o", repo: "r", pull_number: 1 };
  const diff = await client.pulls.get({ ...params, mediaType: { format: "diff" } });
  is<Equal<typeof diff.data, string>>();
  const patch = await client.request("GET /repos/{owner}/{repo}/pulls/{pull_number}", {
    ...params,
    mediaType: { format: "patch" },
  });
  is<Equal<typeof patch.data, string>>();
  const sha = await client.repos.getCommit({ owner: "o", repo: "r", ref: "main", mediaType: { format: "sha" } });
  is<Equal<typeof sha.data, string>>();
  const raw = await client.repos.getContent({ owner: "o", repo: "r", path: "README.md", mediaType: { format: "raw" } });
  is<Equal<typeof raw.data, string>>();
  // Comment-body formats stay JSON.
  const html = await client.pulls.get({ ...params, mediaType: { format: "html" } });
  is<Equal<typeof html.data, PullRequest>>();
  const json = await client.pulls.get(params);
  is<Equal<typeof json.data, PullRequest>>();
  // @ts-expect-error a diff is a string, not a PullRequest
  diff.data.title;
}

export function octokitStyles(): void {
  // Client.plugin(a, b) as v22 writes it: both plugins' additions are typed.
  const Both = Core.plugin(auth, paginate);
  const both = new Both({ auth: "token" });
  both.authenticate();
  void both.paginate;
  const client = forgekit();
  const viaRest: typeof client.repos = client.rest.repos;
  // @ts-expect-error no such scope under rest either
  client.rest.reposs;
  const answer: Promise<unknown> = client.auth();
  // RequestError is HttpError: instanceof narrows to a status.
  const error: unknown = undefined;
  if (error instanceof RequestError) {
    const status: number = error.status;
    const same: HttpError = error;
    void [status, same];
  }
  void [viaRest, answer];
}
