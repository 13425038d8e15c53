/**
 * The `rel="next"` target of an HTTP `Link` header (RFC 8288), found in one forward pass:
 * every `indexOf` starts where the previous one stopped, so a hostile 100 KB header costs
 * linear time (a backtracking regular expression over it could take quadratic time).
 */

/** Is `rel="next"` (or an unquoted / space-separated list containing `next`) among `params`? */
function isNext(params: string): boolean {
  for (const param of params.split(";")) {
    const equals = param.indexOf("=");
    if (equals === -1 || param.slice(0, equals).trim().toLowerCase() !== "rel") continue;
    let value = param.slice(equals + 1).trim();
    // A quoted value ends at its closing quote; an unquoted one at the "," before the next link.
    const quote = value.startsWith('"') ? value.indexOf('"', 1) : -1;
    value = value.startsWith('"') ? value.slice(1, quote === -1 ? undefined : quote) : (value.split(",")[0] as string);
    if (value.toLowerCase().split(/\s+/).includes("next")) return true;
  }
  return false;
}

/**
 * The absolute http(s) URL of the `rel="next"` link in `header`, resolved against `base`
 * (the URL of the page that carried it), or `null` when there is none or it is not http(s).
 */
export function nextLink(header: string | undefined, base: string): string | null {
  if (!header) return null;
  let at = 0;
  while (at < header.length) {
    const open = header.indexOf("<", at);
    if (open === -1) return null;
    const close = header.indexOf(">", open + 1);
    if (close === -1) return null;
    let end = header.indexOf("<", close + 1);
    if (end === -1) end = header.length;
    if (isNext(header.slice(close + 1, end))) return absolute(header.slice(open + 1, close).trim(), base);
    at = end;
  }
  return null;
}

function absolute(target: string, base: string): string | null {
  try {
    const url = new URL(target, base);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}
