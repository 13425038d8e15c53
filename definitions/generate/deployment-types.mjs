// types/<deployment>.ts for every deployment but the default, holding only what differs.
// Each component type and each route entry is declared once: in the file of the first
// deployment (DEPLOYMENTS order, the default first) whose type for it is the same. Two types
// are the same when their JSON Schema, descriptions aside, is equal and every component type
// they name is itself declared in the same place; later deployments import what they share,
// and `Pick` the route entries and endpoint methods they share from where those are declared.
// What these files declare carries no field descriptions (the methods keep their summary and
// docs link): every user's type-check parses these files, and the descriptions were half their
// bytes; api.github.com's types keep every description.
import { JSTT_OPTIONS, assertDeclaredNames, docComment, methodOf, withoutRoot } from "./schema.mjs";
import { plainObject, typePrefix, typeRefs, withoutText } from "./placement.mjs";
import { compareBy, pascalCase, propertyKey } from "./util.mjs";

/** The module (from types/) that declares what `deployment` declares. */
const moduleOf = (deployment, defaultName) => (deployment === defaultName ? "./scopes.js" : `./${deployment}.js`);

/**
 * types/<deployment>.ts. `placed` holds every deployment up to and including this one, the
 * default first; `needed` says which components a file declares (neededComponents).
 */
export async function deploymentTypesModule(compile, placed, needed) {
  const types = placed.at(-1);
  const self = types.deployment;
  const defaultName = placed[0].deployment;
  const prefix = typePrefix(self, false);
  const named = (deployment, scope, kind) =>
    `${typePrefix(deployment, deployment === defaultName)}${pascalCase(scope)}${kind}`;
  const imports = new Map();
  const need = (module, name) => {
    if (!imports.has(module)) imports.set(module, new Set());
    imports.get(module).add(name);
  };
  const refer = (deployment, scope, kind) => {
    const name = named(deployment, scope, kind);
    if (deployment !== self) need(moduleOf(deployment, defaultName), name);
    return name;
  };
  const usedComponents = new Set();
  const root = placed[0];
  const pickList = (keys) => keys.map((key) => JSON.stringify(key)).join(" | ");
  // `Pick<Their, shared>` or, when shorter, `Omit<Their, not shared>` (or `Their` itself).
  const subset = (ref, shared, all) => {
    const rest = all.filter((key) => !shared.includes(key));
    if (!rest.length) return ref;
    return pickList(rest).length < pickList(shared).length
      ? `Omit<${ref}, ${pickList(rest)}>`
      : `Pick<${ref}, ${pickList(shared)}>`;
  };
  const byDeployment = new Map(placed.map((p) => [p.deployment, p]));
  const extendsClause = (groups) => (groups.length ? ` extends ${groups.join(", ")}` : "");

  // Components first declared here: an object type that shares properties with an earlier
  // deployment's declaration of it extends that one, `Omit`ting only what differs.
  const own = [...types.components].filter(([name]) => needed.has(`${self} ${name}`));
  const blocks = [];
  const bases = new Map();
  if (own.length) {
    const properties = {};
    for (const [name, component] of own) {
      const diff = propertyDiff(name, component.json);
      if (!diff) {
        properties[name] = { ...withoutText(component.json), title: name };
        for (const ref of component.refs) usedComponents.add(ref);
        continue;
      }
      const kept = Object.keys(component.json.properties).filter((key) => diff.differs.includes(key));
      const partial = {
        type: "object",
        properties: Object.fromEntries(kept.map((key) => [key, withoutText(component.json.properties[key])])),
        required: (component.json.required ?? []).filter((key) => kept.includes(key)),
        additionalProperties: false,
      };
      properties[name] = { ...partial, title: name };
      for (const key of kept) for (const ref of typeRefs(component.json.properties[key])) usedComponents.add(ref);
      need(diff.at === defaultName ? "./components.js" : `./${diff.at}.js`, `${name} as ${name}_Base`);
      bases.set(name, `Omit<${name}_Base, ${pickList(diff.differs)}>`);
    }
    const schema = {
      title: `${prefix}Schemas`,
      description: `The component types whose ${self} type differs from every deployment's before it.`,
      type: "object",
      properties,
      required: Object.keys(properties),
      additionalProperties: false,
    };
    let text = await compile(schema, schema.title, { ...JSTT_OPTIONS, bannerComment: "" });
    assertDeclaredNames(`types/${self}.ts`, text, [...own.map(([name]) => name), schema.title]);
    text = withoutRoot(text, schema.title);
    for (const [name, base] of bases) {
      const declaration = `export interface ${name} {`;
      if (!text.includes(declaration)) throw new Error(`generate: types/${self}.ts: ${name} is not an interface`);
      text = text.replace(declaration, `export interface ${name} extends ${base} {`);
    }
    blocks.push(text.trim());
  }

  // Properties of `json` that differ from an earlier deployment's declaration of the same object
  // type (removed, added, typed or required differently, or naming a type declared elsewhere).
  function propertyDiff(name, json) {
    if (!plainObject(json)) return undefined;
    const required = new Set(json.required ?? []);
    for (const other of placed.slice(0, -1)) {
      const theirs = other.components.get(name)?.json;
      const at = other.home.components.get(name);
      if (!theirs || !plainObject(theirs) || (at !== defaultName && !needed.has(`${at} ${name}`))) continue;
      const theirRequired = new Set(theirs.required ?? []);
      const differs = [];
      for (const key of new Set([...Object.keys(theirs.properties), ...Object.keys(json.properties)])) {
        const mine = json.properties[key];
        const same =
          mine &&
          theirs.properties[key] &&
          required.has(key) === theirRequired.has(key) &&
          JSON.stringify(withoutText(mine)) === JSON.stringify(withoutText(theirs.properties[key])) &&
          [...typeRefs(mine)].every((ref) => types.home.components.get(ref) === other.home.components.get(ref));
        if (!same) differs.push(key);
      }
      if (differs.length * 2 < Object.keys(json.properties).length) return { at, differs: differs.sort() };
    }
    return undefined;
  }

  // An entry declared here may still have the parameters (or the response) of an entry declared
  // before: those are referenced, `XEndpoints["GET /route"]["parameters"]`, not repeated.
  const sharedPart = (id, part) => {
    const { shape, refs } = types.entries.get(id).parts[part];
    for (const other of placed.slice(0, -1)) {
      const theirs = other.entries.get(id)?.parts[part];
      if (theirs?.shape !== shape) continue;
      if ([...refs].some((ref) => types.home.components.get(ref) !== other.home.components.get(ref))) continue;
      const at = other.home.entries.get(id);
      const { scope, route } = types.entries.get(id);
      return `${refer(at, scope, "Endpoints")}[${JSON.stringify(route)}][${JSON.stringify(part)}]`;
    }
    return undefined;
  };

  // Route entries, per scope: Picked from where they are declared, the rest declared here.
  const endpointsRef = new Map();
  for (const scope of types.scopes.values()) {
    if (!scope.operations.length) continue;
    const ids = scope.operations.map((operation) => `${scope.scope} ${operation.route}`);
    const homes = ids.map((id) => types.home.entries.get(id));
    const rootRoutes = root.scopes.get(scope.scope)?.operations.map((operation) => operation.route) ?? [];
    if (homes.every((home) => home === defaultName) && rootRoutes.length === ids.length) {
      endpointsRef.set(scope.scope, refer(defaultName, scope.scope, "Endpoints"));
      continue;
    }
    const name = named(self, scope.scope, "Endpoints");
    endpointsRef.set(scope.scope, name);
    const picks = [];
    for (const deployment of placed.map((p) => p.deployment).filter((d) => d !== self)) {
      const routes = ids.filter((id, i) => homes[i] === deployment).map((id) => types.entries.get(id).route);
      if (!routes.length) continue;
      const all = byDeployment
        .get(deployment)
        .scopes.get(scope.scope)
        .operations.map((operation) => operation.route);
      picks.push(subset(refer(deployment, scope.scope, "Endpoints"), routes, all));
    }
    const mine = ids.filter((id, i) => homes[i] === self);
    let body = `export interface ${name} {}`;
    if (mine.length) {
      const properties = {};
      for (const id of mine) {
        const entry = types.entries.get(id);
        const partTypes = {};
        for (const part of ["parameters", "response"]) {
          const shared = sharedPart(id, part);
          if (shared) partTypes[part] = { tsType: shared };
          else {
            partTypes[part] = withoutText(entry.parts[part].json);
            for (const ref of entry.parts[part].refs) usedComponents.add(ref);
          }
        }
        properties[entry.route] = { type: "object", properties: partTypes, required: ["parameters", "response"] };
      }
      const schema = { title: name, type: "object", properties, required: Object.keys(properties) };
      body = (await compile(schema, name, { ...JSTT_OPTIONS, bannerComment: "" })).trim();
    }
    const doc = `/** \`${scope.scope}\`'s routes on ${self}: parameters and response, keyed like \`definitions/\`. */`;
    blocks.push(
      `${doc}\n${body.replace(`export interface ${name} {`, `export interface ${name}${extendsClause(picks)} {`)}`,
    );
  }

  // Endpoint methods, per scope. They are generic in the routes (`<Scope>MethodsOf<E>`, types.mjs):
  // a method is declared by the first deployment that has it (its name and route), and every
  // later one takes it from there with its own routes, whatever their types.
  const methodsRef = new Map();
  for (const scope of types.scopes.values()) {
    const list = types.members.get(scope.scope);
    const homes = types.home.members.get(scope.scope);
    const rootList = root.members.get(scope.scope);
    if ([...homes.values()].every((home) => home === defaultName) && rootList?.size === list.size) {
      const sameEntries = [...list.values()].every((m) => types.home.entries.get(m.entry) === defaultName);
      methodsRef.set(
        scope.scope,
        sameEntries
          ? refer(defaultName, scope.scope, "Methods")
          : `${refer(defaultName, scope.scope, "MethodsOf")}<${prefix}ScopeEndpoints>`,
      );
      continue;
    }
    const name = named(self, scope.scope, "Methods");
    methodsRef.set(scope.scope, name);
    const picks = [];
    for (const deployment of placed.map((p) => p.deployment).filter((d) => d !== self)) {
      const names = [...list.keys()].filter((method) => homes.get(method) === deployment).sort();
      if (!names.length) continue;
      const all = [...byDeployment.get(deployment).members.get(scope.scope).keys()].sort();
      picks.push(subset(`${refer(deployment, scope.scope, "MethodsOf")}<E>`, names, all));
    }
    const lines = [];
    for (const member of [...list.values()].filter((m) => homes.get(m.name) === self).sort(compareBy((m) => m.name))) {
      const entry = types.entries.get(member.entry);
      lines.push(
        ...docComment(member.doc, "  "),
        `  ${propertyKey(member.name)}: ${methodOf(entry.scope, entry.route)};`,
      );
    }
    if (lines.length) need("./method.js", "MethodOf");
    blocks.push(
      [
        `/** The endpoint methods of \`client.${scope.scope}\` on ${self}, over routes \`E\`. */`,
        `export interface ${name}Of<E>${extendsClause(picks)} {`,
        ...lines,
        "}",
        "",
        `/** The endpoint methods of \`client.${scope.scope}\` on ${self}. */`,
        `export interface ${name} extends ${name}Of<${prefix}ScopeEndpoints> {}`,
      ].join("\n"),
    );
  }

  const scopes = [...types.scopes.values()];
  blocks.push(
    [
      `/** Every route of ${self}: route (as in \`definitions/${self}/\`) → \`{ parameters; response }\`. */`,
      `export interface ${prefix}Endpoints`,
      ...scopes
        .filter((scope) => scope.operations.length)
        .map(
          (scope, index, all) =>
            `  ${index ? " " : "extends"} ${endpointsRef.get(scope.scope)}${index === all.length - 1 ? " {}" : ","}`,
        ),
    ].join("\n"),
    [
      `/** The routes of each scope on ${self}, which the \`<Scope>MethodsOf<E>\` read. */`,
      `export interface ${prefix}ScopeEndpoints {`,
      ...scopes
        .filter((scope) => scope.operations.length)
        .map((scope) => `  ${propertyKey(scope.scope)}: ${endpointsRef.get(scope.scope)};`),
      "}",
    ].join("\n"),
    [
      `/** The endpoint methods of each scope on ${self}, deprecated aliases included. */`,
      `export interface ${prefix}RestScopes {`,
      ...scopes.map((scope) => `  ${propertyKey(scope.scope)}: ${methodsRef.get(scope.scope)};`),
      "}",
    ].join("\n"),
  );

  const declared = new Set(own.map(([name]) => name));
  for (const ref of [...usedComponents].sort()) {
    if (declared.has(ref)) continue;
    const at = types.home.components.get(ref);
    need(at === defaultName ? "./components.js" : `./${at}.js`, ref);
  }
  const importLines = [...imports]
    .sort(compareBy(([module]) => module))
    .map(([module, names]) => `import type { ${[...names].sort().join(", ")} } from "${module}";`);
  return [`// ${types.header}`, ...importLines, "", blocks.join("\n\n"), ""].join("\n");
}
