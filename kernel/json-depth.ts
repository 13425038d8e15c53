/**
 * A bound on how deeply an error body's JSON may nest. V8's `JSON.parse` itself needs no
 * stack for depth, but what reads an error body next walks it recursively (the redacted copy
 * on `HttpError.response.data`, kernel/redact.ts): 3,000 levels in 6 KB overflowed the stack
 * there, and the `HttpError` was lost. GitHub's own error bodies nest a few levels.
 */

/** The deepest nesting of arrays and objects parsed in an error body; deeper stays text. */
export const MAX_ERROR_JSON_DEPTH = 256;

/**
 * `JSON.parse(text)`, or a `SyntaxError` saying so when arrays and objects nest deeper than
 * {@link MAX_ERROR_JSON_DEPTH}. One pass over `text`; strings are skipped whole, so a bracket
 * inside one never counts.
 */
export function parseBoundedJson(text: string): unknown {
  let depth = 0;
  for (let i = 0, n = text.length; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      // To the closing quote: one preceded by an even run of backslashes.
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c /* \ */) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > MAX_ERROR_JSON_DEPTH)
        throw new SyntaxError(`nested deeper than ${MAX_ERROR_JSON_DEPTH} levels; kept as text`);
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return JSON.parse(text);
}
