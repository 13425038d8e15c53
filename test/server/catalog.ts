import { expand } from "./compact.js";
import { listPage, type PageOptions } from "./pagination.js";
import { createRouter, type Match } from "./router.js";
import type { Fixture, MockReply, RouteExtra } from "./types.js";

/** One operation of the fixture, ready to answer. */
export interface Operation {
  route: string;
  operationId: string;
  status: number;
  example: number | null;
  extra: RouteExtra;
}

const NO_BODY = new Set([204, 205, 304]);

/** The fixture's operations behind a router; examples are expanded on first use. */
export function createCatalog(fixture: Fixture) {
  const router = createRouter<Operation>();
  for (const [route, operationId, status, example, extra = {}] of fixture.routes)
    router.add(route, { route, operationId, status, example, extra });
  const examples = new Map<number, unknown>();
  const shared = new Map<number, unknown>();

  function example(index: number): unknown {
    if (!examples.has(index)) examples.set(index, expand(fixture.examples[index], fixture.shared, shared));
    return examples.get(index);
  }

  /**
   * The description's answer for an operation: its success status and example, a page of
   * generated items for lists, and for redirects (archive downloads) a `Location` on this
   * server, so a client following it never leaves the loopback.
   */
  function reply(operation: Operation, url: URL, pages: PageOptions): MockReply {
    const { status, extra } = operation;
    if (status >= 300 && status < 400)
      return {
        status,
        headers: { location: `${url.origin}/_download${url.pathname.replace(/^\/api\/v3(?=\/)/, "")}` },
      };
    if (NO_BODY.has(status) || operation.example === null) return { status };
    const body = example(operation.example);
    if (extra.list !== undefined) {
      const page = listPage(body, extra.list, url, pages);
      return { status, headers: page.link ? { link: page.link } : {}, body: page.body };
    }
    const headers = extra.type ? { "content-type": `${extra.type}; charset=utf-8` } : {};
    return { status, headers, body };
  }

  return {
    size: fixture.routes.length,
    apiVersions: fixture.apiVersions,
    match: (method: string, path: string): Match<Operation> | undefined => router.match(method, path),
    reply,
  };
}
