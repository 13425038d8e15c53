import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as methods from "@octokit/webhooks-methods";
import { ParameterError } from "../../kernel/index.js";
import { Webhooks, sign, verify, type WebhookEventHandlerError } from "../../plugins/webhooks/index.js";

const test = suite("webhooks: signatures and handlers");
const SECRET = "It's a Secret to Everybody";
// GitHub's own example ("Validating webhook deliveries"): this secret and body give this signature.
const GITHUB_BODY = "Hello, World!";
const GITHUB_SIGNATURE = "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17";
/** The error `run` rejects with (fails when it resolves). */
async function rejection(run: () => Promise<unknown>): Promise<Error> {
  try {
    await run();
  } catch (error) {
    return error as Error;
  }
  throw new assert.Assertion({ message: "expected a rejection", operator: "rejects" } as never);
}
const isParameterError = (e: Error) => e instanceof ParameterError;
const body = JSON.stringify({ action: "opened", issue: { number: 7 }, installation: { id: 1 } });

test("sign gives GitHub's documented signature; verify accepts it", async () => {
  assert.is(await sign(SECRET, GITHUB_BODY), GITHUB_SIGNATURE);
  assert.is(await verify(SECRET, GITHUB_BODY, GITHUB_SIGNATURE), true);
  assert.is(await new Webhooks({ secret: SECRET }).sign(GITHUB_BODY), GITHUB_SIGNATURE);
});

test("interop with @octokit/webhooks-methods, both ways, for ASCII, Unicode and blank bodies", async () => {
  for (const payload of [body, '{"title":"héllo 👋 ✓"}', " "]) {
    const ours = await sign(SECRET, payload);
    const theirs = await methods.sign(SECRET, payload);
    assert.is(ours, theirs);
    assert.is(await methods.verify(SECRET, payload, ours), true);
    assert.is(await verify(SECRET, payload, theirs), true);
    assert.is(await new Webhooks({ secret: SECRET }).verify(payload, theirs), true);
  }
});

test("verify is false, never a throw, for a wrong, sha1, malformed or missing signature", async () => {
  const good = await sign(SECRET, body);
  const wrong = good.slice(0, -1) + (good.endsWith("0") ? "1" : "0");
  const cases: unknown[] = [
    wrong,
    await sign("another secret", body),
    "sha1=" + "0".repeat(40),
    good.replace("sha256=", "sha1="),
    good.slice(0, -2),
    good + "00",
    good.replace("sha256=", ""),
    "sha256=" + "z".repeat(64),
    "",
    undefined,
    null,
    42,
    { toString: () => good },
  ];
  for (const signature of cases) {
    assert.is(await verify(SECRET, body, signature), false, `accepted ${String(signature)}`);
    assert.is(await new Webhooks({ secret: SECRET }).verify(body, signature as string), false);
  }
  assert.is(await verify(SECRET, body + " ", good), false, "a changed body fails");
  assert.is(await verify(SECRET, body, good.toUpperCase().replace("SHA256=", "sha256=")), true, "hex case is free");
});

test("additionalSecrets: verify accepts the old secret during a rotation; sign uses the new one", async () => {
  const webhooks = new Webhooks({ secret: "new", additionalSecrets: ["old"] });
  assert.is(await webhooks.verify(body, await sign("old", body)), true);
  assert.is(await webhooks.verify(body, await sign("new", body)), true);
  assert.is(await webhooks.verify(body, await sign("other", body)), false);
  assert.is(await webhooks.sign(body), await sign("new", body));
});

test("bad setup is a ParameterError naming the fix, before anything runs", () => {
  const secretless = [undefined, "", 42].map((secret) => () => new Webhooks({ secret } as never));
  for (const make of secretless)
    assert.throws(make, (e: Error) => e instanceof ParameterError && /"secret"/.test(e.message));
  assert.throws(() => new Webhooks(undefined as never), isParameterError);
  const webhooks = new Webhooks({ secret: SECRET });
  assert.throws(() => webhooks.on("issues.opened", undefined as never), /pass a function/);
  assert.throws(() => webhooks.on("Issues Opened" as never, () => {}), /not a webhook event name/);
});

test("sign refuses a missing secret or a payload that is not the raw body", async () => {
  assert.ok(isParameterError(await rejection(() => sign("", body))));
  assert.match((await rejection(() => sign(SECRET, { a: 1 } as never))).message, /JSON\.stringify/);
});

test("receive runs the event's, the action's and onAny's handlers with { id, name, payload }", async () => {
  const webhooks = new Webhooks({ secret: SECRET });
  const seen: string[] = [];
  webhooks.on("issues", ({ id, name }) => void seen.push(`issues ${id} ${name}`));
  webhooks.on("issues.opened", ({ payload }) => void seen.push(`opened #${payload.issue.number}`));
  webhooks.on("issues.closed", () => void seen.push("closed"));
  webhooks.on(["pull_request", "issues.opened"], () => void seen.push("list"));
  webhooks.onAny(({ name }) => void seen.push(`any ${name}`));
  await webhooks.receive({ id: "d1", name: "issues", payload: JSON.parse(body) });
  assert.equal(seen.sort(), ["any issues", "issues d1 issues", "list", "opened #7"]);
});

test("removeListener stops a handler; an event with no handler resolves", async () => {
  const webhooks = new Webhooks({ secret: SECRET });
  let calls = 0;
  const handler = () => void calls++;
  webhooks.on("issues.opened", handler);
  webhooks.onAny(handler);
  webhooks.removeListener("issues.opened", handler);
  webhooks.removeListener("*", handler);
  await webhooks.receive({ id: "d", name: "issues", payload: { action: "opened" } });
  assert.is(calls, 0);
});

test("a throwing handler: the others still run, onError gets an AggregateError, receive rejects", async () => {
  const errors: WebhookEventHandlerError[] = [];
  const logged: string[] = [];
  const webhooks = new Webhooks({ secret: SECRET, log: { error: (m) => void logged.push(m) } });
  let ran = false;
  webhooks.on("issues.opened", () => {
    throw new Error("handler broke");
  });
  webhooks.on("issues", async () => void (ran = true));
  webhooks.onError((error) => void errors.push(error));
  const event = { id: "d2", name: "issues", payload: JSON.parse(body) };
  const error = await webhooks.receive(event).then(
    () => undefined,
    (e: WebhookEventHandlerError) => e,
  );
  assert.ok(error instanceof AggregateError);
  assert.is(error!.message, "handler broke");
  assert.is(error!.errors.length, 1);
  assert.is(error!.event, event);
  assert.is(error!.status, 500);
  assert.is(ran, true);
  assert.equal(errors, [error]);
  assert.equal(logged, [], "with onError, nothing is logged");
});

test("verifyAndReceive: a good signature runs handlers; a bad one rejects with status 400 and runs none", async () => {
  const webhooks = new Webhooks({ secret: SECRET });
  let calls = 0;
  webhooks.onAny(() => void calls++);
  await webhooks.verifyAndReceive({ id: "1", name: "issues", payload: body, signature: await sign(SECRET, body) });
  assert.is(calls, 1);
  for (const signature of ["sha256=00", await sign("x", body), undefined]) {
    const error = await webhooks
      .verifyAndReceive({ id: "2", name: "issues", payload: body, signature: signature as string })
      .catch((e: WebhookEventHandlerError) => e);
    assert.is((error as WebhookEventHandlerError).status, 400);
    assert.match((error as Error).message, /signature does not match/);
  }
  assert.is(calls, 1);
  const error = await rejection(() =>
    webhooks.verifyAndReceive({ id: "3", name: "issues", payload: JSON.parse(body), signature: "" }),
  );
  assert.match(error.message, /raw request body/);
});

test("transform runs once per delivery and handlers see what it returns", async () => {
  let transforms = 0;
  const webhooks = new Webhooks<{ extra: number }>({
    secret: SECRET,
    transform: (event) => ({ ...event, extra: ++transforms }),
  });
  const extras: number[] = [];
  webhooks.on("issues", ({ extra }) => void extras.push(extra));
  webhooks.on("issues.opened", ({ extra }) => void extras.push(extra));
  await webhooks.receive({ id: "1", name: "issues", payload: { action: "opened" } });
  assert.equal(extras, [1, 1]);
  assert.is(transforms, 1);
});

test.run();
