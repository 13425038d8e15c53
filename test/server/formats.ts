import { header } from "./github.js";
import type { MockReply, MockRequest } from "./types.js";

// GitHub's media-type formats (docs/previews-and-media-types.md):
// `diff`, `patch` and `sha` of a pull request, commit or comparison are text; `raw` and `html`
// of a file's contents or a README are the file itself or its rendering. Other formats of
// comment bodies (`text`, `html`, `full`, `raw`) stay JSON, answered from the example.

const TEXT_ROUTES = [
  "/repos/{owner}/{repo}/pulls/{pull_number}",
  "/repos/{owner}/{repo}/commits/{ref}",
  "/repos/{owner}/{repo}/compare/{basehead}",
];
const FILE_ROUTES = ["/repos/{owner}/{repo}/contents/{path}", "/repos/{owner}/{repo}/readme"];
const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
const DIFF = `diff --git a/README.md b/README.md
index 3b18e51..557db03 100644
--- a/README.md
+++ b/README.md
@@ -1 +1 @@
-Hello World
+Hello, World!
`;

/** The format `accept` asks for (`application/vnd.github.v3.diff` → `diff`), if any. */
export function requestedFormat(accept: string | undefined): string | undefined {
  return /application\/vnd\.github(?:\.v3)?\.(diff|patch|sha|raw|html|text|full)\b/i
    .exec(accept ?? "")?.[1]
    ?.toLowerCase();
}

const text = (format: string, body: string): MockReply => ({
  headers: { "content-type": `application/vnd.github.${format}; charset=utf-8` },
  body,
});

/** The answer in the requested text format, or `undefined` to answer JSON as usual. */
export function formatReply(request: MockRequest, reply: MockReply): MockReply | undefined {
  const format = requestedFormat(header(request.headers, "accept"));
  // Routes as the fixture names them, `{+ref}` and `{ref}` alike.
  const route = request.route?.replace(/^\S+ /, "").replaceAll("{+", "{");
  if (!format || !route || (reply.status ?? 200) !== 200 || request.method !== "GET") return undefined;
  if (TEXT_ROUTES.includes(route)) {
    if (format === "diff") return text(format, DIFF);
    if (format === "patch")
      return text(format, `From ${SHA} Mon Sep 17 00:00:00 2001\nSubject: [PATCH] Update README\n\n${DIFF}`);
    if (format === "sha") return text(format, SHA);
  }
  if (FILE_ROUTES.includes(route)) {
    const example = reply.body as { content?: string; encoding?: string } | undefined;
    const content =
      example?.encoding === "base64" && typeof example.content === "string"
        ? Buffer.from(example.content, "base64").toString("utf8")
        : "Hello World\n";
    if (format === "raw") return text(format, content);
    if (format === "html") return text(format, `<div class="markdown-body"><p>${content.trim()}</p></div>\n`);
  }
  return undefined;
}
