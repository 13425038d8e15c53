// The CLI's pure parts, in process: argv parsing, typed values, did-you-mean, curl rendering.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { ParamMeta } from "../../kernel/index.js";
import { UsageError, parseArgv } from "../../plugins/cli/args.js";
import { shellQuote, toCurl } from "../../plugins/cli/curl.js";
import { editDistance, suggest } from "../../plugins/cli/suggest.js";
import { parseAssignments, type Sources } from "../../plugins/cli/values.js";

const test = suite("cli: argv, values, suggestions, curl");
const files: Record<string, Uint8Array> = {
  "text.md": new TextEncoder().encode("héllo\n"),
  "bytes.bin": Uint8Array.of(0xff, 0xfe, 0x00),
  "body.json": new TextEncoder().encode('{"a":[1]}'),
};
const warnings: string[] = [];
const sources: Sources = {
  readFile: async (path) => files[path] ?? Promise.reject(Object.assign(new Error("nope"), { code: "ENOENT" })),
  readStdin: async () => new TextEncoder().encode("from stdin"),
  warn: (message) => warnings.push(message),
};
const metas: ParamMeta[] = [
  ["name", "b", "string"],
  ["count", "q", "integer"],
  ["ratio", "b", "number"],
  ["draft", "b", "boolean"],
  ["milestone", "b?", "string|integer"],
  ["note", "b?", "string"],
  ["labels", "b", "array"],
  ["config", "b", "object"],
  ["anything", "b", ""],
  ["data", "b", "string|object"],
];
const parse = (words: string[], known: ParamMeta[] | undefined = metas) =>
  parseAssignments(words, known, "x.y", sources);

async function rejects(promise: Promise<unknown>, message: RegExp): Promise<void> {
  try {
    await promise;
  } catch (error) {
    assert.instance(error, UsageError);
    assert.match((error as Error).message, message);
    return;
  }
  assert.unreachable(`expected a rejection matching ${message}`);
}

test("parseArgv: flags anywhere, --name=value, short forms, repeatable lists, --", () => {
  const { flags, words } = parseArgv([
    "repos.get",
    "-i",
    "owner=o",
    "--base-url=http://h",
    "-H",
    "A: 1",
    "--header",
    "b:2",
    "--preview",
    "mercy",
    "--",
    "--not-a-flag=1",
  ]);
  assert.equal(words, ["repos.get", "owner=o", "--not-a-flag=1"]);
  assert.is(flags.include, true);
  assert.is(flags.baseUrl, "http://h");
  assert.equal(flags.headers, { a: "1", b: "2" });
  assert.equal(flags.previews, ["mercy"]);
  assert.throws(() => parseArgv(["--deployment"]), /--deployment needs a value/);
  assert.throws(
    () => parseArgv(["--incude"]),
    (error: Error) => error instanceof UsageError && /did you mean --include\?/.test(error.message),
  );
});

test("typed by metadata: a string stays a string, unions prefer the non-string reading", async () => {
  const params = await parse([
    "name=123",
    "count=5",
    "ratio=1.5",
    "draft=false",
    "milestone=7",
    "note=null",
    'labels=["a"]',
    'config={"k":true}',
    "anything=true",
  ]);
  assert.equal(params, {
    name: "123",
    count: 5,
    ratio: 1.5,
    draft: false,
    milestone: 7,
    note: null,
    labels: ["a"],
    config: { k: true },
    anything: true,
  });
  assert.equal(await parse(["name=null", "milestone=v1.0"]), { name: "null", milestone: "v1.0" });
  await rejects(parse(["count=1.5"]), /parameter "count" must be an integer; got "1\.5"/);
  await rejects(parse(["draft=yes"]), /must be a boolean/);
  await rejects(parse(["labels={}"]), /must be an array/);
  await rejects(parse(["config=[1]"]), /must be an object/);
});

test("without metadata: inferred; large or zero-padded numbers stay text", async () => {
  assert.equal(
    await parse(["a=-3", "b=12345678901234567890", "c=0x10", "d=007", "e=[1", 'f= {"x":1}', "g=", "h=a=b"], undefined),
    { a: -3, b: "12345678901234567890", c: "0x10", d: "007", e: "[1", f: { x: 1 }, g: "", h: "a=b" },
  );
});

test("files: text as text, non-UTF-8 and binary `data` as bytes, :=@ as JSON, stdin, escapes", async () => {
  const params = await parse(
    ["name=@text.md", "anything=@bytes.bin", "config:=@body.json", "note=@-", "labels:=[]"],
    metas,
  );
  assert.equal(params, {
    name: "héllo\n",
    anything: Uint8Array.of(0xff, 0xfe, 0x00),
    config: { a: [1] },
    note: "from stdin",
    labels: [],
  });
  assert.instance((await parse(["data=@text.md"])).data, Uint8Array);
  assert.is((await parse(["data=@text.md"], [["data", "b", "string"]])).data, "héllo\n");
  assert.equal(await parse(["name=\\@me"]), { name: "@me" });
  await rejects(parse(["name=@"]), /"@" needs a file path/);
  await rejects(parse(["name=@-", "note=@-"]), /parameter "note": stdin \("@-"\) is already the value of "name"/);
  await rejects(parse(["name=@missing.md"]), /cannot read "missing\.md" \(ENOENT\)/);
});

test("unknown parameters warn with a suggestion; data never does", async () => {
  warnings.length = 0;
  assert.equal(await parse(["cunt=1", "data=x"]), { cunt: 1, data: "x" });
  assert.equal(warnings, ['x.y has no parameter "cunt": did you mean count? (sending it anyway).']);
});

test("suggest: edit distance, normalised names, closest only", () => {
  assert.is(editDistance("kitten", "sitting"), 3);
  assert.is(editDistance("", "abc"), 3);
  assert.equal(suggest("repos.lisForOrg", ["repos.listForOrg", "repos.listForUser", "repos.get"]), [
    "repos.listForOrg",
  ]);
  assert.equal(suggest("pulls/list-files", ["pulls.listFiles", "pulls.list"]), ["pulls.listFiles"]);
  assert.equal(suggest("zzzzzz.qqqq", ["repos.get"]), []);
});

test("toCurl: quoting, sorted redacted headers, text and binary bodies, HEAD", () => {
  assert.is(shellQuote("https://h/x?a=1&b=2"), "'https://h/x?a=1&b=2'");
  assert.is(shellQuote("it's"), `'it'\\''s'`);
  const text = toCurl(
    {
      method: "PATCH",
      url: "https://u:pw@h/a",
      headers: { "x-b": "2", authorization: "bearer abc.def.ghi", cookie: "s=1" },
      body: '{"client_secret":"shh","k":"secret-token"}',
    },
    ["secret-token"],
  );
  assert.is(
    text,
    [
      "curl -X PATCH 'https://[REDACTED]@h/a' \\",
      "  -H 'authorization: bearer [REDACTED]' \\",
      "  -H 'cookie: [REDACTED]' \\",
      "  -H 'x-b: 2' \\",
      `  --data-raw '{"client_secret":"[REDACTED]","k":"[REDACTED]"}'`,
      "",
    ].join("\n"),
  );
  const binary = toCurl({ method: "POST", url: "https://h/up", headers: {}, body: new Uint8Array(3) }, []);
  assert.is(
    binary,
    "curl -X POST https://h/up \\\n  --data-binary @- # 3 bytes of binary data, not shown (pipe them in)\n",
  );
  assert.is(toCurl({ method: "HEAD", url: "https://h/", headers: {} }, []), "curl --head https://h/\n");
});

test.run();
