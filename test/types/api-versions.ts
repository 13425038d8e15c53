// Type tests for issue 29: a client made with `apiVersion: "2026-03-10"` has that version's
// parameters and responses (the factory, the preset's class, the drop-in Octokit, a composed
// client), GHEC has both versions, and the default stays 2022-11-28.
import forgekit, { Client, Octokit } from "../../plugins/presets/full.js";
import { Client as Core } from "../../kernel/index.js";
import { endpoints } from "../../plugins/endpoints/index.js";
import { apiVersion } from "../../plugins/api-version/index.js";
import { registry as ghec } from "../../definitions/ghec/all.js";
import { registry as api } from "../../plugins/presets/registry.js";
// The one line that brings a version's types (docs/api-versions.md): `forgekit/types/<deployment>@<version>`.
import type {} from "../../types/api.github.com@2026-03-10.js";
import type {} from "../../types/ghec@2026-03-10.js";

const repo = { owner: "o", repo: "r" };

export async function version20260310(): Promise<void> {
  const Composed = Core.plugin([endpoints(api), apiVersion]);
  for (const client of [
    forgekit({ apiVersion: "2026-03-10" }),
    new Client({ apiVersion: "2026-03-10" }),
    new Octokit({ apiVersion: "2026-03-10" }),
    new Composed({ apiVersion: "2026-03-10" }),
    forgekit({ deployment: "ghec", apiVersion: "2026-03-10" }),
    new (Core.plugin([endpoints(ghec), apiVersion]))({ apiVersion: "2026-03-10" }),
  ]) {
    const { data } = await client.rateLimit.get();
    const core: number = data.resources.core.remaining;
    // @ts-expect-error 2026-03-10 removed `rate` from GET /rate_limit (remove_rate_limit_rate)
    data.rate;
    // @ts-expect-error 2026-03-10 removed `permission` from teams.create (remove_team_permission)
    await client.teams.create({ org: "o", name: "n", permission: "pull" });
    await client.teams.create({ org: "o", name: "n" });
    // @ts-expect-error 2026-03-10 removed the singular `assignee` (use `assignees`)
    await client.issues.create({ ...repo, title: "t", assignee: "octocat" });
    await client.issues.create({ ...repo, title: "t", assignees: ["octocat"] });
    // 2026-03-10 always answers 200 with the run's details: no `undefined` for a 204, no option to ask.
    const run = await client.actions.createWorkflowDispatch({ ...repo, workflow_id: 1, ref: "main" });
    const runId: number = run.data.workflow_run_id;
    // @ts-expect-error return_run_details is gone in 2026-03-10
    await client.actions.createWorkflowDispatch({ ...repo, workflow_id: 1, ref: "main", return_run_details: true });
    // Directory entries can be submodules in both versions (the description types them alike).
    const listing = await client.repos.getContent({ ...repo, path: "" });
    if (Array.isArray(listing.data)) for (const entry of listing.data) if (entry.type === "submodule") void entry.sha;
    // @ts-expect-error 2026-03-10 removed has_downloads from repositories (remove_has_downloads)
    (await client.repos.get(repo)).data.has_downloads;
    const stars: number = (await client.repos.get(repo)).data.stargazers_count;
    void [core, runId, stars];
  }
}

export async function defaultIs20221128(): Promise<void> {
  for (const client of [
    forgekit(),
    new Client(),
    forgekit({ apiVersion: "2022-11-28" }),
    new Octokit(),
    new (Core.plugin([endpoints(api), apiVersion]))(),
    forgekit({ deployment: "ghec" }),
  ]) {
    const { data } = await client.rateLimit.get();
    const rate: number = data.rate.remaining;
    await client.teams.create({ org: "o", name: "n", permission: "pull" });
    await client.issues.create({ ...repo, title: "t", assignee: "octocat" });
    const run = await client.actions.createWorkflowDispatch({ ...repo, workflow_id: 1, ref: "main", return_run_details: true });
    // @ts-expect-error under 2022-11-28 the dispatch may answer 204 without a body
    run.data.workflow_run_id;
    const downloads: boolean | undefined = (await client.repos.get(repo)).data.has_downloads;
    void [rate, downloads];
  }
}

export function versionsAreChecked(): void {
  // @ts-expect-error a version GitHub does not have is a type error
  forgekit({ apiVersion: "2025-01-01" });
  // GitHub Enterprise Server 3.17 has only 2022-11-28: its types stay GHES 3.17's, and the
  // constructor refuses 2026-03-10 (test/plugins/api-version.test.ts).
  const ghes = forgekit({ deployment: "ghes-3.17", apiVersion: "2022-11-28" });
  void ghes.enterpriseAdmin.listGlobalWebhooks;
}

// types/deployments.ts' `ApiVersions` (what the endpoints plugin's types read) is exactly the type
// of definitions/deployments.ts' `apiVersions` (what the runtime reads): generated from one list.
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
export const apiVersionsTypeMatches: Same<
  import("../../types/deployments.js").ApiVersions,
  typeof import("../../definitions/deployments.js").apiVersions
> = true;
