// `node --import ./test/helpers/register.mjs file.test.ts` runs a TypeScript test file.
import { register } from "node:module";
register("./ts-hooks.mjs", import.meta.url);
