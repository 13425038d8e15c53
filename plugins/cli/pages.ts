import type { RequestParameters } from "../../kernel/index.js";
import type { Client } from "../presets/full.js";
import { checkParams, type ValidationInfo } from "../validate/index.js";
import { head, writeItems, type Io } from "./output.js";

type Merge = { endpoint: { merge(params: Record<string, unknown>): RequestParameters } };

/**
 * An endpoint method's first request for `paginate`, validated here and stripped of its
 * validation metadata. Why: the paginate plugin passes the first request's transport
 * options (which carry `request.validate`) to the pages it follows from `Link` headers,
 * and those carry no parameters, so the validate plugin rejects page 2 ("parameter
 * "owner" is required"). Drop this once paginate leaves `validate` out of followed pages.
 */
export async function firstPage(method: Merge, params: Record<string, unknown>): Promise<RequestParameters> {
  const merged = method.endpoint.merge(params);
  const { validate, ...request } = (merged.request ?? {}) as Record<string, unknown> & { validate?: ValidationInfo };
  if (validate) {
    const metas = typeof validate.params === "function" ? await validate.params() : validate.params;
    checkParams(validate.operation, metas, validate.body ? { ...merged, [validate.body]: merged.data } : merged);
  }
  return { ...merged, request };
}

/** `--paginate`: each page's items as JSON lines on stdout (after its head with --include), progress on stderr. */
export async function writePages(client: Client, source: string | RequestParameters, params: Record<string, unknown> | undefined, io: Io, include: boolean, say: (message: string) => void, dryRun: boolean): Promise<void> {
  let pages = 0;
  let items = 0;
  for await (const page of client.paginate.iterator(source as string, params)) {
    if (dryRun) break;
    if (include) io.stdout.write(head(page.status, page.headers));
    const count = writeItems(io, page.data);
    items += count;
    say(`page ${++pages}: ${count} items (${items} so far)`);
  }
}
