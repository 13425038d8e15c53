// Parameter metadata (definitions/<deployment>/params/): `[name, flags, type, values?]` per
// field, what the validation plugin checks arguments against.
import { resolveRef } from "./openapi.mjs";
import { unique } from "./util.mjs";

const LOCATION_FLAG = { path: "p", query: "q", header: "h", body: "b" };

/** `[name, flags, type, values?]`, e.g. `["state", "q", "string", ["open", "closed", "all"]]`. */
export function paramMeta(spec, field) {
  const flags =
    LOCATION_FLAG[field.in] +
    (field.required ? "!" : "") +
    (field.schemas.some((schema) => isNullable(spec, schema)) ? "?" : "") +
    (field.multiSegment ? "*" : "");
  const type =
    field.raw && !field.raw.startsWith("text/")
      ? "string|object"
      : unique(field.schemas.flatMap((schema) => schemaKinds(spec, schema))).join("|");
  const values = enumValues(spec, field.schemas);
  return values ? [field.name, flags, type, values] : [field.name, flags, type];
}

/** JSON types a schema admits ("string", "integer", …), unions flattened; [] when unconstrained. */
function schemaKinds(spec, node) {
  const schema = resolveRef(spec, node);
  if (typeof schema.type === "string") return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((type) => type !== "null");
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives) return unique(alternatives.flatMap((alternative) => schemaKinds(spec, alternative)));
  if (schema.allOf) return schema.allOf.map((member) => schemaKinds(spec, member)).find((kinds) => kinds.length) ?? [];
  if (schema.properties || schema.additionalProperties) return ["object"];
  if (schema.items) return ["array"];
  if (schema.enum)
    return unique(
      schema.enum
        .filter((value) => value !== null)
        .map((value) => (Number.isInteger(value) ? "integer" : typeof value)),
    );
  return [];
}

function isNullable(spec, node) {
  const schema = resolveRef(spec, node);
  if (
    schema.nullable === true ||
    schema.type === "null" ||
    (Array.isArray(schema.type) && schema.type.includes("null"))
  )
    return true;
  if (schema.enum?.includes(null)) return true;
  return (schema.oneOf ?? schema.anyOf ?? []).some((alternative) => isNullable(spec, alternative));
}

/** Allowed values when every alternative is an enum; nullable enums include `null`. */
function enumValues(spec, schemas) {
  const values = [];
  for (const node of schemas) {
    const schema = resolveRef(spec, node);
    const alternatives = schema.oneOf ?? schema.anyOf;
    const own = alternatives ? enumValues(spec, alternatives) : schema.enum;
    if (!own) return undefined;
    values.push(...own);
    if (schema.nullable === true) values.push(null);
  }
  return values.length ? unique(values) : undefined;
}
