// Type-checked (not run) by test/plugins/paginate-types.test.ts: what paginate infers from
// typed endpoint methods, and what it refuses. Zero diagnostics expected.
import { Client, type EndpointMethod } from "../../kernel/index.js";
import { paginate, type Checkpoint, type PageResponse } from "../../plugins/paginate/index.js";

interface ListIssues {
  parameters: { owner: string; repo: string; per_page?: number };
  response: Array<{ title: string; number: number }>;
}
interface SearchIssues {
  parameters: { q: string };
  response: { total_count: number; incomplete_results: boolean; items: Array<{ url: string }> };
}
declare const listForRepo: EndpointMethod<ListIssues>;
declare const searchIssues: EndpointMethod<SearchIssues>;
const client = new (Client.plugin([paginate]))();

export async function checks(): Promise<unknown[]> {
  const issues = await client.paginate(listForRepo, { owner: "o", repo: "r" });
  const title: string = issues[0]!.title;
  const titles: string[] = await client.paginate(listForRepo, { owner: "o", repo: "r" }, (response) =>
    response.data.map((issue) => issue.title),
  );
  const numbers: number[] = await client.paginate(
    listForRepo,
    { owner: "o", repo: "r" },
    { map: (response) => response.data.map((issue) => issue.number), maxItems: 10 },
  );
  const found = await client.paginate(searchIssues, { q: "is:open" });
  const url: string = found[0]!.url;
  for await (const page of client.paginate.iterator(searchIssues, { q: "x" })) {
    const total: number | undefined = page.data.total_count;
    const checkpoint: Checkpoint = page.checkpoint;
    const typed: PageResponse<{ url: string }> = page;
    void [total, checkpoint, typed];
  }
  const anything = await client.paginate("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" });
  const merged = await client.paginate(listForRepo.endpoint.merge({ owner: "o", repo: "r" }));
  const resumed = await client.paginate(
    "GET /x",
    {},
    { resume: { url: "https://api.github.com/x?page=2", count: 100 } },
  );
  // @ts-expect-error owner must be a string
  await client.paginate(listForRepo, { owner: 1, repo: "r" });
  // @ts-expect-error title is a string, not a number
  const wrong: number = issues[0]!.title;
  // @ts-expect-error maxItems is a number
  await client.paginate("GET /x", {}, { maxItems: "10" });
  // @ts-expect-error a checkpoint has url and count
  await client.paginate("GET /x", {}, { resume: { page: 2 } });
  return [title, titles, numbers, url, anything, merged, resumed, wrong];
}
