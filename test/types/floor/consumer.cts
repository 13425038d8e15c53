// A CommonJS consumer of the built package (`require`, resolved through the "require"
// conditions to dist/cjs/), type-checked by test/types/floor.test.ts with TypeScript 4.9 and
// with the pinned compiler, lib checking on: 4.9 refuses a CommonJS declaration that imports an
// ES module's (TS1479), so every declaration `require` reaches must be CommonJS (build/per-file.mjs).
import forgekit = require("forgekit");
import { Client, type Hook } from "forgekit/core";
import { otel } from "forgekit/plugins/otel";
import { startMockServer } from "forgekit/testing";
// Another deployment's types, through the "require" side of forgekit/types/<name>.
import type {} from "forgekit/types/ghes-3.19";

export async function consumer(): Promise<string[]> {
  const server = await startMockServer();
  const client = forgekit({ auth: "token", baseUrl: server.url });
  const { data: repo } = await client.repos.get({ owner: "o", repo: "r" });
  // require("forgekit") carries every named export, as the module does (dist/cjs/index.d.cts).
  const octokit = new forgekit.Octokit({ auth: "token", baseUrl: server.url });
  const { data: issue } = await octokit.rest.issues.get({ owner: "o", repo: "r", issue_number: 1 });
  const Traced = Client.plugin([otel]);
  const traced = new Traced({ baseUrl: server.url });
  const hook: Hook = traced.hook;
  void forgekit<{ deployment: "ghes-3.19" }>({ deployment: "ghes-3.19" }).enterpriseAdmin.listGlobalWebhooks;
  hook.before("request", (options) => void options.headers);
  const { status } = await traced.request("GET /rate_limit");
  const error: unknown = new forgekit.Client();
  const code = forgekit.isHttpError(error) ? error.status : error instanceof forgekit.HttpError ? 0 : -1;
  await server.close();
  return [repo.full_name, issue.title, String(status), String(code)];
}
