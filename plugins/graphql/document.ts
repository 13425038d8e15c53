import { ParameterError } from "../../kernel/index.js";

/**
 * A small GraphQL document reader (no graphql-js: the client must stay small and run in
 * browsers). It reads what pagination needs — operations, variable definitions, fields with
 * aliases and variable arguments, fragments — and keeps each node's offsets in the text so
 * follow-up queries can be cut from the caller's own query. It does not validate against a
 * schema: GitHub does that and answers with its errors.
 */

/** A token: its kind, its text and where it starts. */
interface Token {
  kind: "punct" | "name" | "number" | "string" | "variable" | "end";
  text: string;
  start: number;
  end: number;
}

/** A field: `alias: name(args) @directives { … }`, with offsets into the text. */
export interface Field {
  kind: "field";
  name: string;
  /** The key the response uses: the alias, else the name. */
  key: string;
  /** Argument name → the variable it is given, for arguments given a variable. */
  variables: Record<string, string>;
  /** Every argument's name, whatever its value. */
  argumentNames: string[];
  /** Offset just after the name, or after `)` when the field has arguments. */
  head: number;
  start: number;
  end: number;
  selection?: SelectionSet | undefined;
}

/** An inline fragment `... on Type { … }` (type optional) or a spread `...Name`. */
export type Selection =
  | Field
  | { kind: "inline"; type?: string | undefined; start: number; selection: SelectionSet }
  | { kind: "spread"; name: string };

/** `{ … }`: `start` is the offset of `{`. */
export interface SelectionSet {
  start: number;
  end: number;
  items: Selection[];
}

/** An operation; `variables` maps each declared name to the offsets of its definition. */
export interface Operation {
  type: "query" | "mutation" | "subscription";
  name?: string;
  variables: Record<string, { start: number; end: number }>;
  selection: SelectionSet;
}

/** A named fragment definition and its offsets. */
export interface Fragment {
  name: string;
  start: number;
  end: number;
  selection: SelectionSet;
}

/** A parsed document: its text, operations and fragments. */
export interface Document {
  text: string;
  operations: Operation[];
  fragments: Record<string, Fragment>;
}

const PUNCT = /[!$&()\[\]{}:=@|]/;
const NAME = /[_A-Za-z][_0-9A-Za-z]*/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** Where `offset` is, as GraphQL errors say it: 1-based line and column. */
function position(text: string, offset: number): string {
  const before = text.slice(0, offset).split("\n");
  return `line ${before.length}, column ${before[before.length - 1]!.length + 1}`;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const fail = (at: number, what: string): never => {
    throw new ParameterError(`GraphQL syntax error at ${position(text, at)}: ${what}. Check the query text.`);
  };
  for (let i = 0; i < text.length;) {
    const c = text[i]!;
    if (/[\s,\ufeff]/.test(c)) i++;
    else if (c === "#") while (i < text.length && text[i] !== "\n" && text[i] !== "\r") i++;
    else if (text.startsWith("...", i)) tokens.push({ kind: "punct", text: "...", start: i, end: (i += 3) });
    else if (PUNCT.test(c)) tokens.push({ kind: "punct", text: c, start: i, end: ++i });
    else if (c === '"') {
      const start = i;
      if (text.startsWith('"""', i)) {
        let close = text.indexOf('"""', i + 3);
        while (close > 0 && text[close - 1] === "\\") close = text.indexOf('"""', close + 3);
        if (close < 0) fail(start, "unterminated block string");
        i = close + 3;
      } else {
        for (i++; i < text.length && text[i] !== '"'; i++) {
          if (text[i] === "\\") i++;
          else if (text[i] === "\n") fail(start, "unterminated string");
        }
        if (i >= text.length) fail(start, "unterminated string");
        i++;
      }
      tokens.push({ kind: "string", text: text.slice(start, i), start, end: i });
    } else {
      NAME.lastIndex = NUMBER.lastIndex = i;
      const name = NAME.exec(text);
      const number = name ? null : NUMBER.exec(text);
      const match = name ?? number ?? fail(i, `unexpected character "${c}"`);
      tokens.push({ kind: name ? "name" : "number", text: match[0], start: i, end: (i += match[0].length) });
    }
  }
  tokens.push({ kind: "end", text: "end of query", start: text.length, end: text.length });
  return tokens;
}

/** Parse a GraphQL document; a syntax error is a {@link ParameterError} naming line and column. */
export function parseDocument(text: string): Document {
  const tokens = tokenize(text);
  let at = 0;
  const peek = (offset = 0) => tokens[Math.min(at + offset, tokens.length - 1)]!;
  const fail = (what: string): never => {
    const token = peek();
    throw new ParameterError(
      `GraphQL syntax error at ${position(text, token.start)}: expected ${what}, found "${token.text}". Check the query text.`,
    );
  };
  const is = (value: string) => peek().kind !== "string" && peek().text === value;
  const take = (value?: string): Token => {
    const token = peek();
    if (token.kind === "end" || (value !== undefined && !is(value))) fail(value ? `"${value}"` : "more");
    at++;
    return token;
  };
  const name = () => (peek().kind === "name" ? take().text : fail("a name"));
  const skipValue = (): void => {
    if (is("[") || is("{")) {
      const close = take().text === "[" ? "]" : "}";
      while (!is(close)) {
        if (close === "}") (name(), take(":"));
        skipValue();
      }
      take(close);
    } else if (is("$")) (take(), name());
    else if (peek().kind === "punct" || peek().kind === "end") fail("a value");
    else take();
  };
  const skipType = (): void => {
    if (is("[")) (take(), skipType(), take("]"));
    else name();
    if (is("!")) take();
  };
  const directives = () => {
    while (is("@")) {
      (take(), name());
      if (is("(")) arguments_();
    }
  };
  const arguments_ = (): { variables: Record<string, string>; names: string[] } => {
    const variables: Record<string, string> = {};
    const names: string[] = [];
    take("(");
    while (!is(")")) {
      const argument = name();
      names.push(argument);
      take(":");
      if (is("$")) variables[argument] = (take(), name());
      else skipValue();
    }
    take(")");
    return { variables, names };
  };
  const selectionSet = (): SelectionSet => {
    const start = take("{").start;
    const items: Selection[] = [];
    while (!is("}")) {
      if (is("...")) {
        take();
        if (peek().kind === "name" && peek().text !== "on") {
          items.push({ kind: "spread", name: name() });
          directives();
          continue;
        }
        const inlineStart = tokens[at - 1]!.start;
        const type = is("on") ? (take(), name()) : undefined;
        directives();
        items.push({ kind: "inline", type, start: inlineStart, selection: selectionSet() });
        continue;
      }
      const start = peek().start;
      const key = name();
      let fieldName = key;
      if (is(":")) (take(), (fieldName = name()));
      const args = is("(") ? arguments_() : undefined;
      const head = tokens[at - 1]!.end;
      directives();
      const selection = is("{") ? selectionSet() : undefined;
      const variables = args?.variables ?? {};
      const argumentNames = args?.names ?? [];
      const end = tokens[at - 1]!.end;
      items.push({ kind: "field", name: fieldName, key, variables, argumentNames, head, start, end, selection });
    }
    if (!items.length) fail("a field");
    return { start, end: take("}").end, items };
  };
  const document: Document = { text, operations: [], fragments: {} };
  while (peek().kind !== "end") {
    if (is("{")) {
      document.operations.push({ type: "query", variables: {}, selection: selectionSet() });
    } else if (is("fragment")) {
      const start = take().start;
      const fragment = name();
      (take("on"), name(), directives());
      const selection = selectionSet();
      document.fragments[fragment] = { name: fragment, start, end: selection.end, selection };
    } else if (is("query") || is("mutation") || is("subscription")) {
      const type = take().text as Operation["type"];
      const operation: Operation = { type, variables: {}, selection: undefined as never };
      if (peek().kind === "name") operation.name = name();
      if (is("(")) {
        take();
        while (!is(")")) {
          const start = take("$").start;
          const variable = name();
          (take(":"), skipType());
          if (is("=")) (take(), skipValue());
          directives();
          operation.variables[variable] = { start, end: tokens[at - 1]!.end };
        }
        take(")");
      }
      directives();
      operation.selection = selectionSet();
      document.operations.push(operation);
    } else fail('"query", "mutation", "subscription", "fragment" or "{"');
  }
  if (!document.operations.length) fail("an operation");
  return document;
}

/** The operation a request runs: the one named `operationName`, else the only one. */
export function operationOf(document: Document, operationName?: string): Operation {
  const { operations } = document;
  const found = operationName ? operations.find((o) => o.name === operationName) : operations[0];
  if (!found || (!operationName && operations.length > 1))
    throw new ParameterError(
      operationName
        ? `The query has no operation named "${operationName}": check operationName.`
        : "The query holds several operations: pass operationName to pick one.",
    );
  return found;
}

/** Variable names (`$x`) and fragment spreads (`...F`) in `text`, one scan. */
export function referencesIn(text: string): { variables: Set<string>; spreads: Set<string> } {
  const variables = new Set<string>();
  const spreads = new Set<string>();
  const tokens = tokenize(text);
  tokens.forEach((token, i) => {
    const next = tokens[i + 1];
    if (next?.kind !== "name") return;
    if (token.text === "$" && token.kind === "punct") variables.add(next.text);
    if (token.text === "..." && next.text !== "on") spreads.add(next.text);
  });
  return { variables, spreads };
}
