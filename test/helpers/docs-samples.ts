// The docs sample runner's pieces (test/docs/samples.test.ts): find the code blocks of the
// guides, decide which run, and run one in a child process of its own. The conventions are
// documented for authors in docs/README.md ("Code samples").
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("../../", import.meta.url));

/** One fenced code block of a guide. */
export interface Sample {
  /** Path relative to the repository, e.g. `docs/getting-started.md`. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** First word of the info string (`ts`, `js`, `text`…). */
  lang: string;
  /** The rest of the info string, e.g. `["no-run"]`. */
  flags: string[];
  code: string;
}

/** Languages the runner runs; any other block (text, sh, json, html) is prose. */
const LANGS = new Set(["ts", "typescript", "js", "javascript"]);
/** The marker that keeps a ts/js block from running: ```ts no-run */
export const NO_RUN = "no-run";

/** Whether the runner runs this block. */
export function isRunnable(sample: Sample): boolean {
  return LANGS.has(sample.lang) && !sample.flags.includes(NO_RUN);
}

/**
 * Every fenced block (``` or ~~~, indented up to three spaces, as CommonMark allows) of a
 * Markdown text, with the line of its opening fence. Indentation of the fence is removed
 * from the block's lines.
 */
export function extractSamples(markdown: string, file: string): Sample[] {
  const lines = markdown.split("\n");
  const samples: Sample[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^( {0,3})(`{3,}|~{3,})\s*([^`]*)$/.exec(lines[i]!);
    if (!open) continue;
    const [, indent = "", fence = "", info = ""] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = new RegExp(`^ {0,3}${fence[0] === "`" ? "`" : "~"}{${fence.length},}\\s*$`);
      if (close.test(lines[j]!)) break;
      body.push(lines[j]!.startsWith(indent) ? lines[j]!.slice(indent.length) : lines[j]!.trimStart());
    }
    const [lang = "", ...flags] = info.trim().split(/\s+/).filter(Boolean);
    samples.push({ file, line: i + 1, lang: lang.toLowerCase(), flags, code: body.join("\n") });
    i = j;
  }
  return samples;
}

/** The guides the runner reads: `docs/*.md` and the top-level `README.md` and `CONTRIBUTING.md` (when they exist). */
export function guideFiles(): string[] {
  const docs = readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => `docs/${name}`);
  return [...["README.md", "CONTRIBUTING.md"].filter((name) => existsSync(join(root, name))), ...docs];
}

/** The blocks of one guide. */
export function samplesOf(file: string): Sample[] {
  return extractSamples(readFileSync(join(root, file), "utf8"), file);
}

/**
 * The module file a sample is written to: `.ts` for TypeScript; for JavaScript `.cjs` when it
 * uses `require()` and no `import`, else `.mjs`.
 */
export function extension(sample: Sample): ".ts" | ".mjs" | ".cjs" {
  if (sample.lang === "ts" || sample.lang === "typescript") return ".ts";
  return /\brequire\(/.test(sample.code) && !/^\s*import\b/m.test(sample.code) ? ".cjs" : ".mjs";
}

/**
 * The sample's source, preceded by as many empty lines as the guide has before it, so a
 * line number in a stack trace is the guide's line.
 */
export function moduleSource(sample: Sample): string {
  return "\n".repeat(sample.line) + sample.code + "\n";
}

/**
 * Guides whose samples a test of their own runs, against the sources, with what they need
 * beyond the local GitHub API server and with assertions about what each sample sent. The
 * runner leaves them out (not run twice) and checks that each still covers every block.
 */
export const COVERED: Readonly<Record<string, string>> = {
  // A GitHub App's JWT and installation tokens, checked by a fake GitHub.
  "docs/authentication.md": "test/plugins/auth-docs.test.ts",
  // A real redis-server, and the ETag each request sent.
  "docs/caching-and-shared-state.md": "test/plugins/cache-docs.test.ts",
  // The debug lines, captured in-process through the debug package.
  "docs/debugging.md": "test/plugins/debug-docs.test.ts",
  // The number of pages each sample fetched.
  "docs/pagination.md": "test/plugins/paginate-docs.test.ts",
  // The accept header each sample sent.
  "docs/previews-and-media-types.md": "test/plugins/previews-docs.test.ts",
};

/** The runnable samples of every guide the runner runs (all but {@link COVERED}). */
export function runnerSamples(): Sample[] {
  return guideFiles()
    .filter((file) => !COVERED[file])
    .flatMap((file) => samplesOf(file).filter(isRunnable));
}

/** Write `sample` into `dir` as a module (see {@link moduleSource}); returns its path. */
export function writeSample(sample: Sample, dir: string): string {
  const path = join(dir, `${sample.file.replace(/[^\w.-]+/g, "_")}-L${sample.line}${extension(sample)}`);
  writeFileSync(path, moduleSource(sample));
  return path;
}

/** What a sample's process did. */
export interface SampleRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  output: string;
}

/**
 * Write `sample` into `dir` (which must lie inside this package, so that `import "forgekit"`
 * resolves to it by self-reference) and run it with Node in a process of its own, killed
 * after `timeout` ms. TypeScript goes through the tests' esbuild loader.
 */
export function runSample(
  sample: Sample,
  dir: string,
  env: Record<string, string>,
  timeout: number,
): Promise<SampleRun> {
  const path = writeSample(sample, dir);
  const args = [
    "--enable-source-maps",
    ...(path.endsWith(".ts") ? ["--import", join(root, "test/helpers/register.mjs")] : []),
    path,
  ];
  return new Promise((done) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, timeout);
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      // Name the guide, not the scratch file, in stack traces.
      done({
        code,
        signal,
        timedOut,
        output: output.split(path).join(sample.file).split(`file://${sample.file}`).join(sample.file),
      });
    });
  });
}

/** Run `task` over `items`, at most `limit` at a time, keeping the order of results. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
