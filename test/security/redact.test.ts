// The rules of the one redaction routine (kernel/redact.ts), one by one.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { redact, redactBody, redactHeaders } from "../../kernel/index.js";

const test = suite("security: redact, redactBody, redactHeaders");

test("every GitHub token shape is masked in any string, keeping its prefix", () => {
  for (const prefix of ["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"]) {
    const token = `${prefix}AbC123xyz_789`;
    assert.is(redact(`x ${token}.`), `x ${prefix}[REDACTED].`);
    assert.is(redact(`"${token}"`), `"${prefix}[REDACTED]"`);
    assert.is(redact(`/repos/${token}/x`), `/repos/${prefix}[REDACTED]/x`);
  }
  assert.is(redact("laughs_at_ghp"), "laughs_at_ghp", "a word that merely contains the letters stays");
});

test("access_token, client_secret, code, refresh_token are masked in URLs, form bodies and text", () => {
  const url = "https://x/cb?code=abc123&state=s1&access_token=t0k&client_secret=sh&refresh_token=r#frag";
  assert.is(
    redact(url),
    "https://x/cb?code=[REDACTED]&state=s1&access_token=[REDACTED]&client_secret=[REDACTED]&refresh_token=[REDACTED]#frag",
  );
  assert.is(redact("code=abc&client_id=id1"), "code=[REDACTED]&client_id=id1", "a form body that starts with a secret");
  assert.is(redact("CODE=abc"), "CODE=[REDACTED]", "names are case-insensitive");
  assert.is(
    redact("error_code=E42&zipcode=123"),
    "error_code=E42&zipcode=123",
    "longer names that end in code are not secrets",
  );
});

test("the password (and user) of a URL is masked", () => {
  assert.is(
    redact("GET https://x-access-token:s3cr3t@ghe.example/api/v3/x"),
    "GET https://[REDACTED]@ghe.example/api/v3/x",
  );
  assert.is(redact("https://ghe.example/a@b"), "https://ghe.example/a@b", "an @ in the path is no userinfo");
});

test("redactBody also masks secret keys of a JSON body, whatever their value", () => {
  const body = JSON.stringify({
    client_id: "id",
    client_secret: 'sh"h',
    code: 123,
    refresh_token: null,
    nested: { access_token: "t" },
  });
  assert.is(
    redactBody(body),
    '{"client_id":"id","client_secret":"[REDACTED]","code":"[REDACTED]","refresh_token":"[REDACTED]","nested":{"access_token":"[REDACTED]"}}',
  );
});

test("redactHeaders: credentials keep only their scheme; the rest goes through redact", () => {
  const out = redactHeaders({
    authorization: "token ghp_abc",
    "Proxy-Authorization": "Basic dXNlcjpwYXNz",
    cookie: "a=1; b=2",
    "set-cookie": "session=xyz",
    "x-other": "ghs_abc?code=1",
    accept: "application/json",
  });
  assert.equal(out, {
    authorization: "token [REDACTED]",
    "Proxy-Authorization": "Basic [REDACTED]",
    cookie: "[REDACTED]",
    "set-cookie": "[REDACTED]",
    "x-other": "ghs_[REDACTED]?code=[REDACTED]",
    accept: "application/json",
  });
  assert.is(redactHeaders({ authorization: "ghp_secret" }).authorization, "[REDACTED]", "a bare token has no scheme");
  assert.is(
    redactHeaders({ authorization: "ghp_secret more" }).authorization,
    "ghp_[REDACTED] [REDACTED]",
    "a token is no scheme",
  );
  assert.is(redactHeaders({ authorization: "Bearer" }).authorization, "[REDACTED]");
});

test("empty and undefined input pass through", () => {
  assert.is(redact(""), "");
  assert.is(redact(undefined as unknown as string), undefined);
});

test.run();
