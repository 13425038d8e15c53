import type { ParamMeta } from "../../kernel/index.js";
import type { Registry } from "../endpoints/index.js";
import { aliasTable } from "../endpoints/registry.js";
import { labelOf, scopeNames, type Operation } from "./operations.js";

const WHERE: Record<string, string> = { p: "path", q: "query", b: "body", h: "header" };

/** An operation's summary and documentation link on a deployment, from the generated table. */
export async function summaryOf(
  deployment: string,
  scope: string,
  name: string,
): Promise<{ summary: string; docs: string } | undefined> {
  const { summaries, differences, docsRoots } = await import("./generated/summaries.js");
  const entry = differences[deployment]?.[scope]?.[name] ?? summaries[scope]?.[name];
  if (!entry) return undefined;
  const [summary, docs] = entry;
  return {
    summary,
    docs: !docs || /^https?:/.test(docs) ? docs : `${docsRoots[deployment] ?? docsRoots["api.github.com"]}${docs}`,
  };
}

/** Rows padded into columns. */
function table(rows: string[][]): string[] {
  const widths = rows.reduce<number[]>(
    (max, row) => row.map((cell, index) => Math.max(max[index] ?? 0, cell.length)),
    [],
  );
  return rows.map((row) =>
    `  ${row.map((cell, index) => (index === row.length - 1 ? cell : cell.padEnd(widths[index] ?? 0))).join("  ")}`.trimEnd(),
  );
}

function describe([, flags, type, values]: ParamMeta, extra: Operation["entry"][2], name: string): string[] {
  const notes = [
    type ? type.replaceAll("|", " or ") : "any",
    values ? `one of ${values.map((value) => JSON.stringify(value)).join(", ")}` : "",
    flags.includes("?") ? "nullable" : "",
    flags.includes("*") ? "may contain /" : "",
    extra?.body === name ? "the whole request body" : "",
  ];
  return [
    WHERE[flags[0] as string] ?? (flags[0] as string),
    flags.includes("!") ? "required" : "optional",
    notes.filter(Boolean).join("; "),
  ];
}

/** `forgekit <scope>.<method> --help`: summary, route, docs link, deprecation, parameters, usage. */
export async function methodHelp(registry: Registry, op: Operation): Promise<string> {
  const deployment = labelOf(registry);
  const full = `${op.scope}.${op.name}`;
  const about = await summaryOf(deployment, op.scope, op.name);
  const [route, , extra] = op.entry;
  const lines: string[] = [];
  if (op.alias) lines.push(`${op.alias} is deprecated: it is an old name of ${full}. Use ${full} instead.`, "");
  if (op.oldRoute)
    lines.push(
      `${full} is an @octokit/rest v15/v16 name with no current operation: it sends its old route, which GitHub still serves.`,
      "",
    );
  lines.push(
    `${full}${about?.summary ? `: ${about.summary}` : ""}`,
    `  ${route.replace("{origin}", "")}${deployment === "api.github.com" ? "" : `  (${deployment})`}`,
  );
  if (about?.docs) lines.push(`  Docs: ${about.docs}`);
  if (extra?.deprecated) lines.push(`  Deprecated by GitHub (${extra.deprecated}).`);
  lines.push("", "Parameters:");
  if (op.params.length) lines.push(...table(op.params.map((meta) => [meta[0], ...describe(meta, extra, meta[0])])));
  else lines.push("  none");
  for (const [old, now] of Object.entries(extra?.renamed ?? {})) lines.push(`  ${old}: deprecated, renamed to ${now}`);
  const required = op.params
    .filter(([, flags]) => flags.includes("!"))
    .map(([name, , type]) => `${name}=<${type || "value"}>`);
  const optional = op.params.some(([, flags]) => !flags.includes("!")) ? " [key=value …]" : "";
  const call = ["forgekit", full, ...required].join(" ");
  lines.push("", "Usage:", `  ${call}${optional}`);
  if (op.params.some(([name]) => name === "per_page")) lines.push(`  ${call} --paginate`);
  lines.push(
    "",
    "Values: key=value (typed as listed; key:=json for JSON, key=@file for a file's content, key=@- for stdin).",
  );
  return `${lines.join("\n")}\n`;
}

/** `forgekit <scope> --help`: the scope's methods with their summaries. */
export async function scopeHelp(registry: Registry, scope: string): Promise<string> {
  const deployment = labelOf(registry);
  const rows: string[][] = [];
  for (const name of scopeNames(registry, scope))
    rows.push([`${scope}.${name}`, (await summaryOf(deployment, scope, name))?.summary ?? ""]);
  for (const [name, target] of Object.entries(aliasTable(registry, scope)))
    rows.push([`${scope}.${name}`, `deprecated: use ${target}`]);
  for (const [name, route] of Object.entries(registry.legacyRoutes?.[scope] ?? {}))
    rows.push([`${scope}.${name}`, `@octokit/rest v15/v16 name: sends ${route}`]);
  for (const name of Object.keys(registry.removed?.[scope] ?? {}))
    rows.push([`${scope}.${name}`, `removed by GitHub: forgekit ${scope}.${name} says why`]);
  rows.sort((a, b) => ((a[0] as string) < (b[0] as string) ? -1 : 1));
  return `Methods of ${scope} (${deployment}):\n${table(rows).join("\n")}\n\nforgekit ${scope}.<method> --help shows a method's parameters.\n`;
}
