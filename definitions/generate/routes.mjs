// Route entries: `[route, defaults?, extra?]` per operation, as definitions/<deployment>/scopes/
// holds them and the kernel reads them (kernel/route.ts).

/**
 * `POST {origin}/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}`:
 * `{+name}` for multi-segment path parameters, `{origin}` when the operation has its own
 * server, and for non-GET/HEAD operations a form-style query expression (RFC 6570 §3.2.8)
 * naming the query parameters, since everything else goes into the body.
 */
export function routeOf({ id, verb, path, op, parameters }) {
  const pathNames = new Set(
    parameters.filter((parameter) => parameter.in === "path").map((parameter) => parameter.name),
  );
  const multi = new Set(
    parameters
      .filter((parameter) => parameter.in === "path" && parameter.multiSegment)
      .map((parameter) => parameter.name),
  );
  const expanded = path.replace(/\{([^}]+)\}/g, (placeholder, name) => {
    if (!pathNames.delete(name))
      throw new Error(`generate: ${id} has {${name}} in its path but no such path parameter`);
    return multi.has(name) ? `{+${name}}` : placeholder;
  });
  if (pathNames.size)
    throw new Error(`generate: ${id} declares path parameter(s) ${[...pathNames].join(", ")} missing from ${path}`);
  const origin = op.servers?.length ? "{origin}" : "";
  const query = parameters.filter((parameter) => parameter.in === "query").map((parameter) => parameter.name);
  const expression = verb === "get" || verb === "head" || !query.length ? "" : `{?${query.join(",")}}`;
  return `${verb.toUpperCase()} ${origin}${expanded}${expression}`;
}

/** `{ headers: { "content-type" }, origin }` for raw bodies and operations with their own server. */
export function routeDefaults({ op, body }) {
  const defaults = {};
  // multipart/form-data needs the boundary fetch adds itself: no fixed content-type for it.
  if (body?.contentType && body.contentType !== "multipart/form-data") {
    const charset = body.contentType.startsWith("text/") ? "; charset=utf-8" : "";
    defaults.headers = { "content-type": `${body.contentType}${charset}` };
  }
  if (op.servers?.length) defaults.origin = op.servers[0].url;
  return Object.keys(defaults).length ? defaults : undefined;
}

/** Names the kernel reads as request options rather than parameters (kernel/route.ts). */
const REQUEST_OPTION_NAMES = new Set(["method", "url", "baseUrl", "headers", "request", "mediaType", "data"]);

/** `{ body, fields, deprecated, renamed }`: what the kernel needs beyond the route itself. */
export function routeExtra({ op, body }) {
  const extra = {};
  if (body?.kind === "json" && body.named) extra.body = body.named;
  const note = deprecationNote(op);
  if (note) extra.deprecated = note;
  // A body property named like a request option (`url` of a webhook config) would be taken
  // for that option: list the body's properties so the method builds the body itself.
  if (
    body?.kind === "json" &&
    !body.named &&
    body.properties.some((property) => REQUEST_OPTION_NAMES.has(property.name))
  ) {
    extra.fields = body.properties.map((property) => property.name);
  }
  const renamed = {};
  for (const change of op["x-octokit"]?.changes ?? []) {
    if (change.type === "PARAMETER") renamed[change.before.name] = change.parameter;
  }
  if (Object.keys(renamed).length) extra.renamed = renamed;
  return Object.keys(extra).length ? extra : undefined;
}

/** "deprecated 2024-01-01, removal 2025-04-01", or "deprecated" without dates. */
function deprecationNote(op) {
  const { deprecationDate, removalDate } = op["x-github"] ?? {};
  if (!op.deprecated && !deprecationDate) return undefined;
  return [deprecationDate ? `deprecated ${deprecationDate}` : "deprecated", removalDate && `removal ${removalDate}`]
    .filter(Boolean)
    .join(", ");
}
