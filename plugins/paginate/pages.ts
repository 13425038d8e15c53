import {
  AbortError,
  redact,
  warnOnce,
  type Client,
  type EndpointOptions,
  type RequestHeaders,
  type RequestParameters,
  type Response,
  type TransportOptions,
} from "../../kernel/index.js";
import { copyFields } from "./fields.js";
import { nextLink } from "./link.js";
import { pageKey } from "./page-key.js";
import { emptyRepositoryPage, isSearch, pageItems } from "./page.js";
import type { Parsed } from "./args.js";
import type { Checkpoint, PageData, PageResponse } from "./types.js";

/** Headers that carry credentials: never sent by paginate to an origin other than the first page's. */
const CREDENTIAL_HEADERS = ["authorization", "cookie", "proxy-authorization"];

/** GitHub's search returns at most 1,000 results (docs/pagination.md#object-wrapped-lists). */
const SEARCH_CAP = 1000;

/**
 * Request options for a page named by a `Link` header: the first request's method,
 * headers and media type, none of its parameters (the URL carries them). Credential
 * headers given in `headers` are dropped when the URL leaves `home` (the first page's
 * origin); the auth plugin makes its own decision for the credentials it adds.
 */
function follow(base: EndpointOptions, url: string, request: TransportOptions, home: string): RequestParameters {
  const headers: RequestHeaders = { ...base.headers };
  if (new URL(url).origin !== home) for (const name of CREDENTIAL_HEADERS) headers[name] = undefined;
  // A literal "{" in an absolute URL would read as a route placeholder; %7B means the same in a URL.
  const next: RequestParameters = {
    method: base.method,
    url: url.replace(/[{}]/g, (c) => encodeURIComponent(c)),
    baseUrl: base.baseUrl,
    headers,
    request,
  };
  if (base.mediaType) next.mediaType = base.mediaType;
  return next;
}

/** `items` without its first `from` entries and capped to `room`, with the wrapper fields kept. */
function cut(items: PageData<unknown>, from: number, room: number): PageData<unknown> {
  if (from === 0 && items.length <= room) return items;
  const fields = Object.fromEntries(Object.entries(items).filter(([key]) => !/^\d+$/.test(key)));
  return copyFields(items.slice(from, from + room), fields);
}

/**
 * The pages of one pagination, fetched one at a time as the consumer asks: only the
 * current page is referenced, so memory stays flat however many pages there are.
 * `prepare` parses the arguments on the first `next()`. With `emit`, `onCheckpoint`
 * receives each page's checkpoint when the consumer comes back for the next page.
 */
export async function* pages(
  client: Client,
  prepare: () => Promise<Parsed>,
  emit: boolean,
): AsyncGenerator<PageResponse<unknown>, void, undefined> {
  const { base, options } = await prepare();
  const { maxItems = Infinity, maxPages = Infinity, resume, onCheckpoint } = options;
  const signal = options.signal ?? base.request.signal;
  const request: TransportOptions = signal ? { ...base.request, signal } : base.request;
  const first = client.request.endpoint({ ...base, request }).url; // throws a ParameterError for bad input, before any I/O
  const home = new URL(first).origin;
  const route = redact(`${base.method} ${base.url}`);
  let url: string | null = resume ? resume.url : first;
  let count = resume?.count ?? 0;
  let skip = resume?.skip ?? 0;
  // Every page read, by pageKey → its number: a Link back to any of them is a cycle (A → B → A,
  // or one page under another fragment) that would otherwise be followed forever.
  const seen = new Map<string, number>();
  for (let n = 1; url !== null && count < maxItems && n <= maxPages; n++) {
    if (signal?.aborted)
      throw new AbortError(
        `paginate ${route} → aborted by the caller's signal before page ${n}`,
        undefined,
        signal.reason,
      );
    let response: Response<unknown>;
    try {
      response = await client.request(n === 1 && !resume ? { ...base, request } : follow(base, url, request, home));
    } catch (error) {
      const empty = emptyRepositoryPage(error);
      if (!empty) throw error;
      response = empty;
    }
    seen.set(pageKey(url), n);
    if (response.url) seen.set(pageKey(response.url), n);
    let next = nextLink(response.headers.link, response.url || url);
    const again = next === null ? undefined : seen.get(pageKey(next));
    if (again !== undefined) {
      client.options.log.warn(
        `paginate ${route}: the Link header's rel="next" names ${again === n ? "the page just read" : `page ${again}, read before`} (${redact(next!)}); stopping with the items so far.`,
      );
      next = null;
    }
    const items = pageItems(response.data);
    const room = maxItems - count;
    const data = cut(items, skip, room);
    const trimmed = items.length - skip > room;
    count += data.length;
    const checkpoint: Checkpoint = trimmed ? { url, count, skip: skip + data.length } : { url: next, count };
    if (isSearch(url) && (data.total_count ?? 0) > SEARCH_CAP) {
      warnOnce(
        client.options.log,
        `paginate:search-cap:${route}`,
        `paginate ${route}: the search matched ${data.total_count} results but GitHub returns at most ${SEARCH_CAP}; narrow the query (e.g. by date ranges) to read them all. https://docs.github.com/rest/search/search#about-search`,
      );
    }
    client.options.log.debug(
      `${route} page ${n}: ${data.length} items, ${count} so far${next ? `, next ${redact(next)}` : ", last page"}`,
      { namespace: "paginate" },
    );
    url = trimmed ? null : next;
    skip = 0;
    // A body that is no list (an object answer, e.g. one commit) is yielded as it is, as
    // @octokit's paginate.iterator yields it: code reading `data.files` keeps working.
    const asIs = data.length === 1 && data[0] === response.data ? (response.data as PageData<unknown>) : data;
    yield { status: response.status, url: response.url, headers: response.headers, data: asIs, checkpoint };
    if (emit) onCheckpoint?.(checkpoint);
  }
}
