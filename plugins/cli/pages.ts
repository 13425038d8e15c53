import type { RequestParameters } from "../../kernel/index.js";
import type { Client } from "../presets/full.js";
import { head, writeItems, type Io } from "./output.js";
import type { JqFilter } from "./jq.js";

/**
 * `--paginate`: each page's items as JSON lines on stdout (after its head with --include),
 * progress on stderr; with `--jq`, the filter's output for each page's data (as gh api does).
 */
export async function writePages(
  client: Client,
  source: string | RequestParameters | ((params: Record<string, unknown>) => Promise<unknown>),
  params: Record<string, unknown> | undefined,
  io: Io,
  include: boolean,
  say: (message: string) => void,
  dryRun: boolean,
  jq?: JqFilter,
): Promise<void> {
  let pages = 0;
  let items = 0;
  for await (const page of client.paginate.iterator(source as never, params)) {
    if (dryRun) break;
    if (include) io.stdout.write(head(page.status, page.headers));
    const count = Array.isArray(page.data) ? page.data.length : 1;
    if (jq) io.stdout.write(await jq(page.data));
    else writeItems(io, page.data);
    items += count;
    say(`page ${++pages}: ${count} items (${items} so far)`);
  }
}
