import { suite } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { guideFiles, root } from "../helpers/docs-samples.js";

// The guides hang together: docs/README.md lists every guide, and every relative link of
// README.md, CONTRIBUTING.md and docs/*.md points at a file that exists — and, for
// `file.md#anchor`, at a heading that exists (GitHub's anchor rules).
const test = suite("docs: the index lists every guide; relative links resolve");

/** The text outside fenced code blocks, code spans removed (or, with `keepSpans`, their content kept). */
function prose(markdown: string, keepSpans = false): string {
  let fence = "";
  return markdown
    .split("\n")
    .map((line) => {
      const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (
        marker &&
        (!fence ||
          (marker[0] === fence[0] && marker.length >= fence.length && !/\S/.test(line.trim().slice(marker.length))))
      ) {
        fence = fence ? "" : marker;
        return "";
      }
      return fence
        ? ""
        : line.replace(/(`+)([^`]*?)\1/g, (_match, _ticks: string, content: string) => (keepSpans ? content : ""));
    })
    .join("\n");
}

/** GitHub's heading anchors: lower-cased, punctuation dropped, spaces to dashes, repeats numbered. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, text = ""] of prose(markdown, true).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const base = text
      .toLowerCase()
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    out.add(count ? `${base}-${count}` : base);
  }
  return out;
}

/** Relative link targets of a Markdown file: `[text](target)`, skipping URLs with a scheme. */
function links(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z][\w+.-]*:/i.test(target));
}

test("docs/README.md links every guide", () => {
  const index = readFileSync(join(root, "docs/README.md"), "utf8");
  const listed = new Set(links(index).map((target) => target.split("#")[0]));
  const guides = readdirSync(join(root, "docs")).filter((name) => name.endsWith(".md") && name !== "README.md");
  const missing = guides.filter((guide) => !listed.has(guide));
  assert.equal(missing, [], `add a line for each to docs/README.md: ${missing.join(", ")}`);
});

test("every relative link resolves, anchors included", () => {
  const broken: string[] = [];
  for (const file of guideFiles()) {
    const text = readFileSync(join(root, file), "utf8");
    for (const target of links(text)) {
      const [path = "", anchor] = target.split("#");
      const resolved = path ? normalize(join(dirname(join(root, file)), decodeURIComponent(path))) : join(root, file);
      if (!existsSync(resolved)) {
        broken.push(`${file}: ${target} (no ${relative(root, resolved)})`);
        continue;
      }
      if (anchor && resolved.endsWith(".md") && !anchors(readFileSync(resolved, "utf8")).has(anchor)) {
        broken.push(`${file}: ${target} (no heading #${anchor} in ${relative(root, resolved)})`);
      }
    }
  }
  assert.equal(broken, [], broken.join("\n"));
});

test("anchors follow GitHub's rules", () => {
  const found = anchors(
    "# Hooks and plugins\n## `registerEndpoints`\n### Sending again from a `wrap`\n## From v16 (and v15)\n## Notes\n## Notes\n```md\n## Not a heading\n```\n",
  );
  assert.equal(
    [...found],
    ["hooks-and-plugins", "registerendpoints", "sending-again-from-a-wrap", "from-v16-and-v15", "notes", "notes-1"],
  );
});

test.run();
