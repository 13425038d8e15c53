// Matches "METHOD /path" against route templates: `{name}` is one segment, `{+name}` one or
// more, `{a}...{b}` a pattern inside a segment. At each segment a literal beats a pattern,
// which beats a parameter, which beats a multi-segment parameter; on a dead end the matcher
// backtracks, so `/commits/{+ref}` and `/commits/{+sha}/comments` both resolve.

interface Node<T> {
  literal: Map<string, Node<T>>;
  patterns: Array<{ regex: RegExp; node: Node<T> }>;
  param?: Node<T>;
  rest?: Node<T>;
  routes: Map<string, { value: T; names: string[] }>;
}

/** A route found for a request: its value and decoded path parameters. */
export interface Match<T> {
  value: T;
  params: Record<string, string>;
}

const node = <T>(): Node<T> => ({ literal: new Map(), patterns: [] as Node<T>["patterns"], routes: new Map() });
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A router for route templates; `add` later routes to override earlier ones. */
export function createRouter<T>() {
  const root = node<T>();

  function add(route: string, value: T): void {
    const [method = "", path = ""] = route.split(" ");
    if (!path.startsWith("/"))
      throw new Error(`forgekit/testing: route "${route}" must look like "GET /repos/{owner}/{repo}"`);
    const names: string[] = [];
    let at = root;
    for (const segment of path
      .slice(1)
      .split("/")
      .filter((s, i, all) => s !== "" || all.length > 1)) {
      const whole = /^\{(\+?)(\w+)\}$/.exec(segment);
      if (whole) {
        names.push(whole[2]!);
        at = whole[1] ? (at.rest ??= node()) : (at.param ??= node());
      } else if (segment.includes("{")) {
        const source = `^${segment
          .split(/\{\w+\}/)
          .map(escape)
          .join("(.+?)")}$`.replace(/\(\.\+\?\)\$$/, "(.+)$");
        for (const [, name] of segment.matchAll(/\{(\w+)\}/g)) names.push(name!);
        let entry = at.patterns.find((p) => p.regex.source === source);
        if (!entry) at.patterns.push((entry = { regex: new RegExp(source), node: node() }));
        at = entry.node;
      } else {
        if (!at.literal.has(segment)) at.literal.set(segment, node());
        at = at.literal.get(segment)!;
      }
    }
    at.routes.set(method.toUpperCase(), { value, names });
  }

  function walk(at: Node<T>, segments: string[], i: number, method: string, values: string[]): Match<T> | undefined {
    if (i === segments.length) {
      const found = at.routes.get(method) ?? (method === "HEAD" ? at.routes.get("GET") : undefined);
      if (!found) return undefined;
      return { value: found.value, params: Object.fromEntries(found.names.map((name, k) => [name, values[k] ?? ""])) };
    }
    const segment = segments[i]!;
    const literal = at.literal.get(segment);
    const tries: Array<() => Match<T> | undefined> = [
      () => (literal ? walk(literal, segments, i + 1, method, values) : undefined),
      ...at.patterns.map(({ regex, node: next }) => () => {
        const parts = regex.exec(decode(segment));
        return parts ? walk(next, segments, i + 1, method, [...values, ...parts.slice(1)]) : undefined;
      }),
      () =>
        at.param && segment !== "" ? walk(at.param, segments, i + 1, method, [...values, decode(segment)]) : undefined,
    ];
    for (const attempt of tries) {
      const match = attempt();
      if (match) return match;
    }
    for (let end = i + 1; at.rest && end <= segments.length; end++) {
      const match = walk(at.rest, segments, end, method, [...values, segments.slice(i, end).map(decode).join("/")]);
      if (match) return match;
    }
    return undefined;
  }

  /** The route for `method` and `pathname` (HEAD falls back to GET), or undefined. */
  function match(method: string, pathname: string): Match<T> | undefined {
    const segments = pathname === "/" ? [] : pathname.slice(1).split("/");
    return walk(root, segments, 0, method.toUpperCase(), []);
  }

  return { add, match };
}
