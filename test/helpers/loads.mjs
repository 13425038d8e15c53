// `node --import ./test/helpers/register.mjs --import ./test/helpers/loads.mjs file.ts`:
// appends the URL of every module Node loads (ESM and, through the ESM loader, CommonJS
// imported from ESM) to the file named by LOADS_FILE, one per line, synchronously — so a
// module is listed before the import() that loaded it resolves. Used by presets-loads.test.ts.
import { appendFileSync } from "node:fs";
import { register } from "node:module";
import { isMainThread } from "node:worker_threads";

if (isMainThread) register(import.meta.url);

export async function load(url, context, next) {
  if (process.env.LOADS_FILE && !url.startsWith("node:")) appendFileSync(process.env.LOADS_FILE, `${url}\n`);
  return next(url, context);
}
