// Parameter groups that many routes of types/scopes.ts repeat word for word (`owner` and `repo`
// with their descriptions on 527 routes, `per_page` and `page` on 240, `org` on 392), declared once
// and intersected into each route's `parameters`: `RepositoryParameters & { branch: string }`.
// Every type-check of `import "forgekit"` parses and binds types/scopes.ts, so each repeat costs
// every user; the descriptions still show in editors, from the shared declaration.
// A route shares a group only when it has every member of the group with exactly the text of
// the group's declaration (description, optionality, type); anything else stays in the route.

/** The groups, in the order they are intersected. */
const GROUPS = [
  {
    name: "RepositoryParameters",
    keys: ["owner", "repo"],
    doc: "`owner` and `repo`: the repository a route is about.",
  },
  { name: "OrganizationParameters", keys: ["org"], doc: "`org`: the organization a route is about." },
  { name: "EnterpriseParameters", keys: ["enterprise"], doc: "`enterprise`: the enterprise a route is about." },
  { name: "UserParameters", keys: ["username"], doc: "`username`: the user a route is about." },
  { name: "PageParameters", keys: ["per_page", "page"], doc: "`per_page` and `page`: one page of a paginated list." },
  {
    name: "CursorParameters",
    keys: ["before", "after"],
    doc: "`before` and `after`: a page of a cursor-paginated list.",
  },
];

export const SHARED_PARAMETER_NAMES = GROUPS.map((group) => group.name);

const MEMBER_INDENT = "      "; // members of `parameters: {` in a compiled `<Scope>Endpoints`
const BLOCK = /^ {4}parameters: \{\n([\s\S]*?)^ {4}\};$/gm;

/** Bracket depth change of a line of a type, string literals left out. */
function depth(line) {
  const code = line.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  return (code.match(/[{[(]/g)?.length ?? 0) - (code.match(/[}\])]/g)?.length ?? 0);
}

/** The members of a `parameters` block: `{ key, text }`, text with its doc comment, as written. */
function members(body) {
  const lines = body.split("\n").slice(0, -1);
  const found = [];
  for (let i = 0; i < lines.length;) {
    const start = i;
    if (lines[i].startsWith(`${MEMBER_INDENT}/**`)) {
      while (!lines[i].trimEnd().endsWith("*/")) i++;
      i++;
    }
    const key = /^ {6}("(?:[^"\\]|\\.)*"|[\w$]+)\??:/.exec(lines[i] ?? "")?.[1];
    if (!key) throw new Error(`generate: cannot read a parameter of types/scopes.ts at "${lines[i]}"`);
    for (let open = 0; ; i++) {
      open += depth(lines[i]);
      if (open === 0 && lines[i].trimEnd().endsWith(";")) break;
    }
    i++;
    found.push({ key: key.startsWith('"') ? JSON.parse(key) : key, text: lines.slice(start, i).join("\n") });
  }
  return found;
}

/**
 * Rewrites the `parameters` blocks of the compiled `<Scope>Endpoints` texts to use the groups; returns
 * the texts and the declarations of the groups used. Each group member's text is the one most routes have.
 */
export function shareParameters(texts) {
  const counts = new Map();
  for (const text of texts)
    for (const [, body] of text.matchAll(BLOCK))
      for (const { key, text: member } of members(body)) {
        const variants = counts.get(key) ?? counts.set(key, new Map()).get(key);
        variants.set(member, (variants.get(member) ?? 0) + 1);
      }
  const canonical = new Map(
    [...counts].map(([key, variants]) => [key, [...variants].sort((a, b) => b[1] - a[1])[0][0]]),
  );
  const used = new Set();
  const rewritten = texts.map((text) =>
    text.replace(BLOCK, (block, body) => {
      let rest = members(body);
      const groups = [];
      for (const group of GROUPS) {
        if (!group.keys.every((key) => rest.some((m) => m.key === key && m.text === canonical.get(key)))) continue;
        rest = rest.filter((m) => !group.keys.includes(m.key));
        groups.push(group.name);
        used.add(group);
      }
      if (!groups.length) return block;
      const own = rest.length ? [`{\n${rest.map((m) => m.text).join("\n")}\n    }`] : [];
      return `    parameters: ${[...groups, ...own].join(" & ")};`;
    }),
  );
  const declarations = GROUPS.filter((group) => used.has(group)).flatMap((group) => [
    `/** ${group.doc} */`,
    `export interface ${group.name} {`,
    ...group.keys.map((key) => canonical.get(key).replace(/^ {4}/gm, "")),
    "}",
    "",
  ]);
  return { texts: rewritten, declarations };
}
