import { suite } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { nextLink } from "../../plugins/paginate/link.js";

const test = suite("plugins: paginate Link header parsing");
const base = "https://api.github.com/repos/o/r/issues?per_page=100";

test("GitHub's Link header: the rel=next target, whatever the order", () => {
  const header =
    '<https://api.github.com/repositories/1/issues?per_page=100&page=2>; rel="next", <https://api.github.com/repositories/1/issues?per_page=100&page=9>; rel="last"';
  assert.is(nextLink(header, base), "https://api.github.com/repositories/1/issues?per_page=100&page=2");
  const reversed = '<https://x.test/?page=1>; rel="prev", <https://x.test/?page=3>; rel="next"';
  assert.is(nextLink(reversed, base), "https://x.test/?page=3");
});

test("rel variants: unquoted, upper case, a space-separated list, extra params", () => {
  assert.is(nextLink("<https://x.test/2>; rel=next", base), "https://x.test/2");
  assert.is(nextLink('<https://x.test/2>; REL="Next"', base), "https://x.test/2");
  assert.is(nextLink('<https://x.test/2>; rel="last next"', base), "https://x.test/2");
  assert.is(nextLink('<https://x.test/2>; title="a"; rel="next"', base), "https://x.test/2");
  assert.is(nextLink('<https://x.test/1>; rel="nextish", <https://x.test/2>; rel="next"', base), "https://x.test/2");
});

test("no next: missing header, only other rels, rel=next inside a URL", () => {
  assert.is(nextLink(undefined, base), null);
  assert.is(nextLink("", base), null);
  assert.is(nextLink('<https://x.test/1>; rel="prev", <https://x.test/9>; rel="last"', base), null);
  assert.is(nextLink('<https://x.test/?rel=next>; rel="prev"', base), null);
});

test("relative targets resolve against the page URL; non-http(s) targets are refused", () => {
  assert.is(nextLink('</repos/o/r/issues?page=2>; rel="next"', base), "https://api.github.com/repos/o/r/issues?page=2");
  assert.is(nextLink('<javascript:alert(1)>; rel="next"', base), null);
  assert.is(nextLink('<file:///etc/passwd>; rel="next"', base), null);
  assert.is(nextLink('<http://[bad>; rel="next"', base), null);
});

test("100 KB of garbage: pathological shapes for a backtracking parser are read and refused", () => {
  const shapes = [
    "<".repeat(100_000),
    "<a>;".repeat(25_000),
    "<a>; rel=".repeat(10_000),
    ", ".repeat(50_000),
    '<a>; rel="'.repeat(10_000),
    ";".repeat(100_000),
  ];
  for (const garbage of shapes) assert.is(nextLink(garbage, base), null);
  const buried = `${"<x>; rel=prev, ".repeat(7_000)}<https://x.test/next>; rel="next"`;
  assert.ok(buried.length > 100_000);
  assert.is(nextLink(buried, base), "https://x.test/next");
});

test("property: a Link header built from link-values yields the first rel=next target", () => {
  const rel = fc.constantFrom("next", "prev", "last", "first");
  const link = fc.record({ page: fc.nat(1000), rel, quoted: fc.boolean() });
  fc.assert(
    fc.property(fc.array(link, { maxLength: 6 }), (links) => {
      const header = links
        .map((l) => `<https://x.test/items?page=${l.page}>; rel=${l.quoted ? `"${l.rel}"` : l.rel}`)
        .join(", ");
      const first = links.find((l) => l.rel === "next");
      assert.is(nextLink(header, base), first ? `https://x.test/items?page=${first.page}` : null);
    }),
  );
});

test("property: any string is handled without throwing", () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 300 }), (header) => {
      const next = nextLink(header, base);
      assert.ok(next === null || /^https?:\/\//.test(next));
    }),
  );
});

test.run();
