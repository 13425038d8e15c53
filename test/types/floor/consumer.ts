// A consumer of the built package, type-checked by test/types/floor.test.ts with TypeScript
// 4.9 (the floor README states) and with the pinned compiler, lib checking on.
import forgekit, { Client, HttpError, Octokit, isHttpError } from "forgekit";
import { Client as Core } from "forgekit/core";
import { paginate } from "forgekit/plugins/paginate";

export async function consumer(): Promise<string[]> {
  const client = forgekit({ auth: "token", baseUrl: "https://api.github.com" });
  const { data: repo } = await client.repos.get({ owner: "o", repo: "r" });
  const octokit = new Octokit({ auth: "token" });
  const { data: issue } = await octokit.rest.issues.get({ owner: "o", repo: "r", issue_number: 1 });
  const Mine = Core.plugin([paginate]);
  const titles = await new Mine().paginate("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" });
  const error: unknown = new Client();
  const status = isHttpError(error) ? error.status : error instanceof HttpError ? 0 : -1;
  return [repo.full_name, issue.title, String(titles.length), String(status)];
}
