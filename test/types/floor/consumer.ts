// A consumer of the built package, type-checked by test/types/floor.test.ts with TypeScript
// 4.9 (the floor README states) and with the pinned compiler, lib checking on.
import forgekit, { Client, HttpError, Octokit, isHttpError, type RestEndpointMethodTypes } from "forgekit";
import { Client as Core } from "forgekit/core";
import { paginate } from "forgekit/plugins/paginate";
import { apiVersion } from "forgekit/plugins/api-version";
import { endpoints } from "forgekit/plugins/endpoints";
import { registry } from "forgekit/deployments/api.github.com";
// Another deployment's or API version's types are one import each (docs/github-enterprise.md, docs/api-versions.md).
import type {} from "forgekit/types/ghes-3.17";
import type {} from "forgekit/types/api.github.com@2026-03-10";

export async function consumer(): Promise<string[]> {
  const client = forgekit({ auth: "token", baseUrl: "https://api.github.com" });
  const { data: repo } = await client.repos.get({ owner: "o", repo: "r" });
  const octokit = new Octokit({ auth: "token" });
  const { data: issue } = await octokit.rest.issues.get({ owner: "o", repo: "r", issue_number: 1 });
  // @octokit/rest's type name, for code that uses it after the package swap (issue 35).
  const title: RestEndpointMethodTypes["issues"]["get"]["response"]["data"]["title"] = issue.title;
  void title;
  const Mine = Core.plugin([paginate]);
  const titles = await new Mine().paginate("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" });
  const error: unknown = new Client();
  const status = isHttpError(error) ? error.status : error instanceof HttpError ? 0 : -1;
  return [repo.full_name, issue.title, String(titles.length), String(status)];
}

/**
 * Issue 29's version-typed declarations, read by 4.9 too: a client made with
 * `apiVersion: "2026-03-10"` (factory, class, drop-in Octokit, composed) has that version's
 * types. 4.9 does not infer the option's type (the pinned compiler does, test/types/api-versions.ts):
 * under 4.9 it is given as the type argument (docs/api-versions.md#typescript).
 */
type V20260310 = { apiVersion: "2026-03-10" };
export async function apiVersions(): Promise<number[]> {
  const Composed = Core.plugin([endpoints(registry), apiVersion]);
  const counts: number[] = [];
  for (const client of [
    forgekit<V20260310>({ apiVersion: "2026-03-10" }),
    new Client<V20260310>({ apiVersion: "2026-03-10" }),
    new Composed<V20260310>({ apiVersion: "2026-03-10" }),
  ]) {
    const { data } = await client.rateLimit.get();
    // @ts-expect-error 2026-03-10 removed `rate` from GET /rate_limit
    data.rate;
    // @ts-expect-error 2026-03-10 removed `permission` from teams.create
    await client.teams.create({ org: "o", name: "n", permission: "pull" });
    counts.push(data.resources.core.remaining);
  }
  // Octokit on its own: its methods carry @octokit/rest's shapes as a further overload
  // (plugins/presets/octokit-types.ts), and 4.9 cannot call a union of differently overloaded
  // methods, so it is not in the array above.
  const octokit = new Octokit<V20260310>({ apiVersion: "2026-03-10" });
  const limits = (await octokit.rateLimit.get()).data;
  // @ts-expect-error 2026-03-10 removed `rate` from GET /rate_limit
  limits.rate;
  // @ts-expect-error 2026-03-10 removed `permission` from teams.create
  await octokit.teams.create({ org: "o", name: "n", permission: "pull" });
  counts.push(limits.resources.core.remaining);
  // The default stays 2022-11-28, and the factory's client is typed (not `any`) under 4.9 too.
  const client = forgekit();
  const { data } = await client.rateLimit.get();
  counts.push(data.rate.remaining);
  // @ts-expect-error no such scope: the client is typed, not `any`
  client.reposs;
  // `deployment` is given the same way under 4.9: GHES 3.17's own operations are there.
  void forgekit<{ deployment: "ghes-3.17" }>({ deployment: "ghes-3.17" }).enterpriseAdmin.listGlobalWebhooks;
  return counts;
}
