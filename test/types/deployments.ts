// Type tests for issue 26: a client's scopes, parameters and responses are its deployment's,
// however it is made (the factory, the preset's class, a composed client with a deployment's
// registry). Each deployment: an operation it lacks is an error, a parameter it lacks is an
// error, a response field every deployment has type-checks; the default is api.github.com.
import forgekit, { Client } from "../../plugins/presets/full.js";
import { Client as Core } from "../../kernel/index.js";
import { endpoints } from "../../plugins/endpoints/index.js";
import { registry as ghes317 } from "../../definitions/ghes-3.17/all.js";
import { registry as ghes318 } from "../../definitions/ghes-3.18/all.js";
import { registry as ghes319 } from "../../definitions/ghes-3.19/all.js";
import { registry as ghec } from "../../definitions/ghec/all.js";
// A deployment's registry entry brings its types; by name, the one line is `forgekit/types/<deployment>`
// (docs/github-enterprise.md).
import type {} from "../../types/ghes-3.17.js";

const repo = { owner: "o", repo: "r" };

export async function defaultIsApiGithubCom(): Promise<void> {
  for (const client of [forgekit(), new Client(), forgekit({ baseUrl: "https://api.github.com" })]) {
    await client.billing.getAllBudgetsOrg({ org: "o" });
    await client.repos.update({ ...repo, allow_auto_merge: true });
    const { data } = await client.repos.get(repo);
    const stars: number = data.stargazers_count;
    // @ts-expect-error enterpriseAdmin.listGlobalWebhooks is GHES's only
    client.enterpriseAdmin.listGlobalWebhooks();
    void stars;
  }
}

export async function ghes(): Promise<void> {
  const clients = [
    forgekit({ deployment: "ghes-3.17" }),
    new Client({ deployment: "ghes-3.18", baseUrl: "https://ghe.example/api/v3" }),
    new (Core.plugin(endpoints(ghes319)))(),
    forgekit({ deployment: ghes317 }),
    new (Core.plugin(endpoints(ghes318)))({ baseUrl: "https://ghe.example/api/v3" }),
  ];
  for (const client of clients) {
    const { data } = await client.repos.get(repo);
    const stars: number = data.stargazers_count;
    const name: string = data.full_name;
    await client.enterpriseAdmin.listGlobalWebhooks();
    // @ts-expect-error repos.createAttestation is api.github.com's and GHEC's, no GHES has it
    await client.repos.createAttestation({ ...repo, bundle: {} });
    // @ts-expect-error billing.getAllBudgetsOrg is api.github.com's only
    client.billing.getAllBudgetsOrg;
    // @ts-expect-error allow_auto_merge is a parameter of repos.update on api.github.com, not GHES
    await client.repos.update({ ...repo, allow_auto_merge: true });
    // @ts-expect-error a misspelt field is still an error
    data.stargazer_count;
    void [stars, name];
  }
}

export async function ghecClients(): Promise<void> {
  for (const client of [
    forgekit({ deployment: "ghec" }),
    new Client({ deployment: ghec }),
    new (Core.plugin(endpoints(ghec)))(),
  ]) {
    const { data } = await client.repos.get(repo);
    const stars: number = data.stargazers_count;
    await client.repos.update({ ...repo, allow_auto_merge: true });
    await client.enterpriseAdmin.getServerStatistics({ enterprise_or_org: "e" });
    // @ts-expect-error billing.getAllBudgetsOrg is api.github.com's only
    client.billing.getAllBudgetsOrg;
    // @ts-expect-error enterpriseAdmin.listGlobalWebhooks is GHES's only
    client.enterpriseAdmin.listGlobalWebhooks;
    void stars;
  }
  // @ts-expect-error enterpriseAdmin.getServerStatistics is GHEC's, not api.github.com's
  forgekit().enterpriseAdmin.getServerStatistics;
}

export async function typedRequestFollows(): Promise<void> {
  const client = forgekit({ deployment: "ghes-3.17" });
  await client.request("GET /admin/hooks");
  await client.rest.enterpriseAdmin.listGlobalWebhooks();
  // @ts-expect-error the typed request is the deployment's too: GHES's repos.update has no allow_auto_merge
  await client.request("PATCH /repos/{owner}/{repo}", { ...repo, allow_auto_merge: true });
}

export function optionsStayChecked(): void {
  // @ts-expect-error a misspelt option is still an error next to a deployment
  forgekit({ deployment: "ghes-3.17", timeot: 5 });
  // @ts-expect-error … and on the class
  new Client({ deployment: "ghes-3.17", baseUrll: "x" });
  const name: string = "ghes-3.18";
  // A deployment known only at run time: api.github.com's types.
  void forgekit({ deployment: name }).billing.getAllBudgetsOrg;
}
