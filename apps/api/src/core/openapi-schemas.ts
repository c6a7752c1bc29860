/**
 * Fixes of the JSON schemas zod emits that OpenAPI 3.0 tools refuse or misread, applied to the whole document
 * (core/openapi.ts): `nullable` always sits beside a `type`, and every required property is defined.
 */

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * OpenAPI 3.0: `nullable` only means something next to `type`. A nullable union (`z.union([a, b]).nullable()`) gets
 * the branches' common type and each typed branch becomes nullable; a nullable `unknown` (no type at all) already
 * accepts null, so its `nullable` goes.
 */
function fixNullable(schema: Json): void {
  if (schema.nullable !== true || 'type' in schema) return;
  const branches = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (!Array.isArray(branches) || branches.length === 0) {
    delete schema.nullable;
    return;
  }
  const types = new Set(branches.map((branch) => branch.type));
  for (const branch of branches) if (typeof branch.type === 'string') branch.nullable = true;
  const [only] = [...types];
  if (types.size === 1 && typeof only === 'string') schema.type = only;
  else delete schema.nullable;
}

/** A record over an enum (`z.record(z.enum([...]), v)`) lists its keys as required: define each with the value schema. */
function fixRequired(schema: Json): void {
  if (!Array.isArray(schema.required)) return;
  const properties = (isObject(schema.properties) ? schema.properties : {}) as Json;
  const missing = (schema.required as unknown[]).filter(
    (name): name is string => typeof name === 'string' && !(name in properties),
  );
  if (missing.length === 0) return;
  const valueSchema = schema.additionalProperties;
  if (isObject(valueSchema)) {
    for (const name of missing) properties[name] = structuredClone(valueSchema);
    schema.properties = properties;
  } else {
    schema.required = (schema.required as string[]).filter((name) => !missing.includes(name));
    if ((schema.required as string[]).length === 0) delete schema.required;
  }
}

/** Walks every object of the document and fixes those that are schemas. */
export function fixSchemaTree(node: unknown): void {
  if (Array.isArray(node)) {
    for (const entry of node) fixSchemaTree(entry);
    return;
  }
  if (!isObject(node)) return;
  fixNullable(node);
  fixRequired(node);
  for (const value of Object.values(node)) fixSchemaTree(value);
}
