// Type tests: `tsc -p test/types` must pass; each @ts-expect-error must meet an error.
import forgekit, { type Client } from "../../plugins/presets/full.js";
import { Client as Core, type Plugin } from "../../kernel/index.js";

export async function endpointMethods(client: Client): Promise<void> {
  const { data } = await client.repos.get({ owner: "octokit", repo: "rest.js" });
  const fullName: string = data.full_name;
  const stars: number = data.stargazers_count;
  // @ts-expect-error a misspelt response field
  data.ful_name;
  // @ts-expect-error a wrong parameter name
  await client.repos.get({ owner: "o", rpo: "r" });
  // @ts-expect-error a missing required parameter (issues.create needs title)
  await client.issues.create({ owner: "o", repo: "r" });
  await client.issues.create({ owner: "o", repo: "r", title: "t", headers: { "x-a": "1" } });
  const issues = await client.issues.listForRepo({ owner: "o", repo: "r", state: "open" });
  const title: string = issues.data[0]!.title;
  // @ts-expect-error state is an enum
  await client.issues.listForRepo({ owner: "o", repo: "r", state: "opne" });
  const nullable: string | null = data.description;
  // @ts-expect-error description can be null
  const notNull: string = data.description;
  void [fullName, stars, title, nullable, notNull];
  client.repos.get.endpoint.merge({ owner: "o", repo: "r" });
}

export async function typedRequest(client: Client): Promise<void> {
  const { data } = await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
  const id: number = data.id;
  // @ts-expect-error a misspelt field through the typed request too
  data.idd;
  // @ts-expect-error a missing required path parameter
  await client.request("GET /repos/{owner}/{repo}", { owner: "o" });
  const untyped = await client.request("GET /some/future/route", { anything: 1 });
  void [id, untyped.data];
}

export function options(): void {
  forgekit({ baseUrl: "https://ghe.example/api/v3", userAgent: "x", timeout: 1000, deployment: "ghes-3.18" });
  // @ts-expect-error ClientOptions has no index signature: a misspelt option is an error
  new Core({ baseUrll: "x" });
  // @ts-expect-error … on the full preset too
  forgekit({ timeot: 5 });
}

// `request` options are closed too (TransportOptions): a misspelt key is an error wherever
// they are given; the checkOptions plugin also warns at run time with the closest name (plugins/check-options/index.ts).
export async function requestOptions(client: Client): Promise<void> {
  forgekit({ request: { timeout: 500, signal: AbortSignal.timeout(1000), redirect: "manual", proxy: false } });
  // @ts-expect-error a misspelt request option, client-wide (preset)
  forgekit({ request: { timout: 500 } });
  // @ts-expect-error … on the kernel's Client
  new Core({ request: { signl: AbortSignal.timeout(1000) } });
  await client.request("GET /zen", { request: { timeout: 5 } });
  // @ts-expect-error … per call, through client.request
  await client.request("GET /zen", { request: { timout: 5 } });
  await client.repos.get({ owner: "o", repo: "r", request: { idleTimeout: 5 } });
  // @ts-expect-error … per call, through an endpoint method
  await client.repos.get({ owner: "o", repo: "r", request: { idelTimeout: 5 } });
  // @ts-expect-error timeout is a number of milliseconds
  forgekit({ request: { timeout: "1s" } });
}

export function plugins(): void {
  const hello: Plugin<{ hello(): string }, { greeting?: string }> = (_client, options) => ({ hello: () => options.greeting ?? "hi" });
  const count: Plugin<{ count: number }> = () => ({ count: 1 });
  const My = Core.plugin([hello, count]);
  const client = new My({ greeting: "hey" });
  const text: string = client.hello();
  const n: number = client.count;
  client.request("GET /");
  // @ts-expect-error plugins add only what they declare
  client.nothing;
  // @ts-expect-error plugin options are typed
  new My({ greeting: 5 });
  const One = Core.plugin(hello);
  new One().hello();
  void [text, n];
}

export function singlePlugin(): void {
  const only: Plugin<{ only(): number }, { level?: number }> = () => ({ only: () => 1 });
  const One = Core.plugin(only);
  const n: number = new One({ level: 2 }).only();
  // @ts-expect-error the single-plugin form is typed too
  new One({ level: "high" });
  void n;
}
