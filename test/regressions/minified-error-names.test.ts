// `this.name = new.target.name` gave minified names ("m", "L"…) in browser bundles, so the
// is*Error guards, which compare `name`, failed there. Each class now carries its name as a
// literal; this bundles kernel/errors.ts minified and checks every name and guard.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { build } from "esbuild";

const test = suite("regression: error names survive minification");
const NAMES = ["ForgeError", "HttpError", "NetworkError", "TimeoutError", "AbortError", "ParameterError"] as const;

test("every error class keeps its name in a minified bundle, and the guards narrow by it", async () => {
  const result = await build({
    stdin: {
      contents: 'export * from "./kernel/errors.ts";',
      resolveDir: new URL("../../", import.meta.url).pathname,
      loader: "ts",
    },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    write: false,
  });
  const code = result.outputFiles[0]!.text;
  const errors = (await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`)) as Record<
    string,
    any
  >;
  const response = { status: 404, url: "", headers: {}, data: undefined };
  for (const name of NAMES) {
    assert.is(new errors[name]("m", undefined, response).name, name);
  }
  assert.ok(errors.isHttpError(new errors.HttpError("m", undefined, response)));
  assert.ok(errors.isTimeoutError(new errors.TimeoutError("m", undefined, 5)));
  assert.ok(errors.isNetworkError(new errors.AbortError("m")));
  assert.ok(errors.isParameterError(new errors.ParameterError("m")));
  assert.not.ok(errors.isHttpError(new errors.NetworkError("m")));
  // @octokit's RequestError is the HTTP error: the alias survives minification as the same class.
  assert.is(errors.RequestError, errors.HttpError);
  assert.is(new errors.RequestError("m", undefined, response).name, "HttpError");
});

test.run();
