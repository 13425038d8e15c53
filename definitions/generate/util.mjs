// Small helpers every generator module shares: naming (operationId → scope and method names)
// and deterministic text (sorted groups, TypeScript literals).
import { readFileSync } from "node:fs";

/** The repository root, for reading inputs and writing outputs. */
export const REPO_ROOT = new URL("../../", import.meta.url);

export function readJson(url) {
  return JSON.parse(readFileSync(url, "utf8"));
}

/** `code-scanning/list-alerts-for-repo` → scope `codeScanning` (file `code-scanning`), name `listAlertsForRepo`. */
export function operationName(operationId) {
  const parts = operationId.split("/");
  if (parts.length !== 2) throw new Error(`generate: operationId "${operationId}" is not "<scope>/<name>"`);
  return { scope: camelCase(parts[0]), file: parts[0], name: camelCase(parts[1]) };
}

export function camelCase(kebab) {
  return kebab.replace(/-+([a-z0-9])/gi, (_, char) => char.toUpperCase());
}

/** `full-repository` → `FullRepository`; a letter after digits is upper-cased, as json-schema-to-typescript does. */
export function pascalCase(text) {
  return text
    .replace(/(?:^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_, char) => char.toUpperCase())
    .replace(/(\d)([a-z])/g, (_, digit, char) => digit + char.toUpperCase());
}

export function kebabCase(camel) {
  return camel.replace(/[A-Z]/g, (char) => `-${char.toLowerCase()}`);
}

export function groupBy(items, keyOf) {
  const groups = new Map();
  for (const item of items) {
    const key = keyOf(item);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(item);
  }
  return groups;
}

export function compareBy(keyOf) {
  return (a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0);
}

export function unique(values) {
  return [...new Set(values)];
}

export function propertyKey(name) {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
}

/** A compact, deterministic TypeScript literal: sorted object keys, `[a, b]`, `{ k: v }`. */
export function literal(value) {
  if (Array.isArray(value)) return `[${value.map(literal).join(", ")}]`;
  if (value && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{ ${keys.map((key) => `${propertyKey(key)}: ${literal(value[key])}`).join(", ")} }`;
  }
  return JSON.stringify(value);
}
