import type { RequestParameters } from "../../kernel/index.js";
import type { Client } from "../presets/full.js";
import { head, writeItems, type Io } from "./output.js";

/** `--paginate`: each page's items as JSON lines on stdout (after its head with --include), progress on stderr. */
export async function writePages(
  client: Client,
  source: string | RequestParameters | ((params: Record<string, unknown>) => Promise<unknown>),
  params: Record<string, unknown> | undefined,
  io: Io,
  include: boolean,
  say: (message: string) => void,
  dryRun: boolean,
): Promise<void> {
  let pages = 0;
  let items = 0;
  for await (const page of client.paginate.iterator(source as never, params)) {
    if (dryRun) break;
    if (include) io.stdout.write(head(page.status, page.headers));
    const count = writeItems(io, page.data);
    items += count;
    say(`page ${++pages}: ${count} items (${items} so far)`);
  }
}
