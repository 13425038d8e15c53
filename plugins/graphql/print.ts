import { ParameterError } from "../../kernel/index.js";

/**
 * Print a graphql-js document object (as codegen emits it, without `loc`) back to query text.
 * Covers executable documents only: operations, fragments, fields, arguments and values.
 */
type Node = { kind: string; [key: string]: any };

const join = (nodes: readonly Node[] | undefined, separator: string) => (nodes ?? []).map(print).join(separator);
const wrap = (open: string, inner: string, close: string) => (inner ? open + inner + close : "");

function print(node: Node): string {
  switch (node.kind) {
    case "Document":
      return join(node.definitions, "\n");
    case "OperationDefinition":
      return `${node.operation} ${node.name ? print(node.name) : ""}${wrap("(", join(node.variableDefinitions, ", "), ")")}${wrap(" ", join(node.directives, " "), "")} ${print(node.selectionSet)}`;
    case "FragmentDefinition":
      return `fragment ${print(node.name)} on ${print(node.typeCondition)}${wrap(" ", join(node.directives, " "), "")} ${print(node.selectionSet)}`;
    case "VariableDefinition":
      return `${print(node.variable)}: ${print(node.type)}${node.defaultValue ? ` = ${print(node.defaultValue)}` : ""}`;
    case "SelectionSet":
      return `{ ${join(node.selections, " ")} }`;
    case "Field":
      return `${node.alias ? `${print(node.alias)}: ` : ""}${print(node.name)}${wrap("(", join(node.arguments, ", "), ")")}${wrap(" ", join(node.directives, " "), "")}${node.selectionSet ? ` ${print(node.selectionSet)}` : ""}`;
    case "FragmentSpread":
      return `...${print(node.name)}${wrap(" ", join(node.directives, " "), "")}`;
    case "InlineFragment":
      return `...${node.typeCondition ? ` on ${print(node.typeCondition)}` : ""}${wrap(" ", join(node.directives, " "), "")} ${print(node.selectionSet)}`;
    case "Argument":
    case "ObjectField":
      return `${print(node.name)}: ${print(node.value)}`;
    case "Directive":
      return `@${print(node.name)}${wrap("(", join(node.arguments, ", "), ")")}`;
    case "Name":
      return node.value;
    case "Variable":
      return `$${print(node.name)}`;
    case "NamedType":
      return print(node.name);
    case "ListType":
      return `[${print(node.type)}]`;
    case "NonNullType":
      return `${print(node.type)}!`;
    case "StringValue":
      return JSON.stringify(node.value);
    case "IntValue":
    case "FloatValue":
    case "EnumValue":
      return node.value;
    case "BooleanValue":
      return String(node.value);
    case "NullValue":
      return "null";
    case "ListValue":
      return `[${join(node.values, ", ")}]`;
    case "ObjectValue":
      return `{${join(node.fields, ", ")}}`;
    default:
      throw new ParameterError(`forgekit cannot print a GraphQL "${node.kind}" node: pass the query as text instead.`);
  }
}

/** The query text of a document object. */
export function printDocument(document: object): string {
  return print(document as Node);
}
