// Run by test/faults/first-call.test.ts in a fresh process: modules load as in an application's
// first call. `node --import test/helpers/register.mjs first-call-child.ts <record file> <server url>`.
import { register } from "node:module";
import { appendFileSync } from "node:fs";

const [file, baseUrl] = process.argv.slice(2) as [string, string];
register("../package/fixtures/record-hooks.mjs", import.meta.url, { data: { file, at: "resolve" } });
const { default: forgekit } = await import("../../plugins/presets/full.js");
const client = forgekit({ baseUrl, auth: "ghp_0123456789abcdefghijABCDEFGHIJ012345" });
const mark = (line: string) => appendFileSync(file, `== ${line}\n`);
// The hooks record on their own thread: a mark they must order among the `import()` requests
// goes through them too (not awaited: nothing waits for it).
const ordered = (line: string) => void import(`./first-call-mark.mjs?${line}`).catch(() => {});
mark("constructed");
ordered("constructed");
const get = client.repos.get;
mark("method made");
ordered("method-made");
const { status } = await get({ owner: "o", repo: "r" });
mark(`answered ${status}`);
// The Node preset's metadata comes from its data file (read at once, no module to wait for) when it can be read.
const { registry } = await import("../../plugins/presets/registry.js");
if (typeof registry.routes?.repos === "object") mark("metadata from data.txt");
