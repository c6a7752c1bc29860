import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { type $ZodIssue, type $ZodType, safeParse } from 'zod/v4/core';

/**
 * The validator compiler of every route (app.ts). Request bodies are strict: an object schema that would strip an
 * unknown key refuses it instead, at any depth, so a misspelled field answers 400 VALIDATION_ERROR naming it rather
 * than 200 with nothing changed. Schemas that say `.loose()`/`.catchall()` keep their own rule; query strings,
 * params and headers stay lenient (`_t` and the like are ignored). The issues have the shape of
 * fastify-type-provider-zod's, so core/error-handler.ts maps them as before.
 */

type Def = Record<string, unknown> & { type: string };
type AnySchema = $ZodType & { _zod: { def: Def } };

const strictCache = new WeakMap<$ZodType, $ZodType>();
const inProgress = new WeakSet<$ZodType>();

/** A copy of `def` with some fields replaced, keeping its other properties (lazy getters included) as they are. */
function withFields(def: Def, fields: Record<string, unknown>): Def {
  const descriptors = Object.getOwnPropertyDescriptors(def);
  for (const key of Object.keys(fields)) delete descriptors[key];
  return Object.defineProperties({ ...fields }, descriptors) as Def;
}

function rebuild(schema: AnySchema, fields: Record<string, unknown>): $ZodType {
  const Constructor = (schema._zod as unknown as { constr: new (def: Def) => $ZodType }).constr;
  const strict = new Constructor(withFields(schema._zod.def, fields));
  // Descriptions and other metadata of the original stay visible through the registry (the OpenAPI document).
  (strict._zod as { parent?: $ZodType }).parent = schema;
  return strict;
}

function strictList(items: readonly $ZodType[]): { items: $ZodType[]; changed: boolean } {
  const strictItems = items.map((item) => strictSchema(item));
  return { items: strictItems, changed: strictItems.some((item, index) => item !== items[index]) };
}

function strictInner(schema: AnySchema): $ZodType {
  const def = schema._zod.def;
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, $ZodType>;
      const strictShape: Record<string, $ZodType> = {};
      let changed = def.catchall === undefined;
      for (const [key, value] of Object.entries(shape)) {
        strictShape[key] = strictSchema(value);
        if (strictShape[key] !== value) changed = true;
      }
      if (!changed) return schema;
      return rebuild(schema, { shape: strictShape, catchall: def.catchall ?? z.never() });
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'catch':
    case 'readonly': {
      const inner = strictSchema(def.innerType as $ZodType);
      return inner === def.innerType ? schema : rebuild(schema, { innerType: inner });
    }
    case 'array': {
      const element = strictSchema(def.element as $ZodType);
      return element === def.element ? schema : rebuild(schema, { element });
    }
    case 'record': {
      const valueType = strictSchema(def.valueType as $ZodType);
      return valueType === def.valueType ? schema : rebuild(schema, { valueType });
    }
    case 'union': {
      const { items, changed } = strictList(def.options as $ZodType[]);
      return changed ? rebuild(schema, { options: items }) : schema;
    }
    case 'tuple': {
      const { items, changed } = strictList(def.items as $ZodType[]);
      return changed ? rebuild(schema, { items }) : schema;
    }
    case 'pipe': {
      // `a.transform(f)` and `a.pipe(b)`: the request meets `a`; `z.preprocess(f, b)`: the request meets `b`.
      const input = def.in as AnySchema;
      if (input._zod.def.type === 'transform') {
        const output = strictSchema(def.out as $ZodType);
        return output === def.out ? schema : rebuild(schema, { out: output });
      }
      const strictIn = strictSchema(input);
      return strictIn === input ? schema : rebuild(schema, { in: strictIn });
    }
    default:
      // Intersections (each side would refuse the other's keys), lazy and the rest stay as declared.
      return schema;
  }
}

/** The strict twin of a body schema (built once per schema). */
export function strictSchema(schema: $ZodType): $ZodType {
  const cached = strictCache.get(schema);
  if (cached) return cached;
  if (inProgress.has(schema)) return schema;
  inProgress.add(schema);
  try {
    const strict = strictInner(schema as AnySchema);
    strictCache.set(schema, strict);
    return strict;
  } finally {
    inProgress.delete(schema);
  }
}

const VALIDATION_ERROR = Symbol.for('ZodFastifySchemaValidationError');

/** One issue per unknown key (`outstandingDues.rent: Unknown field`), the others as zod words them. */
function toValidationIssues(issues: readonly $ZodIssue[]) {
  return issues.flatMap((issue) => {
    const split =
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => ({ ...issue, path: [...issue.path, key], message: 'Unknown field' }))
        : [issue];
    return split.map(({ code, path, message, ...params }) => ({
      [VALIDATION_ERROR]: true,
      keyword: code,
      instancePath: `/${path.join('/')}`,
      schemaPath: `#/${path.join('/')}/${code}`,
      message,
      params,
    }));
  });
}

export const validatorCompiler: FastifySchemaCompiler<$ZodType> = ({ schema, httpPart }) => {
  const effective = httpPart === 'body' ? strictSchema(schema) : schema;
  return (data) => {
    const result = safeParse(effective, data);
    if (result.error) return { error: toValidationIssues(result.error.issues) as never };
    return { value: result.data };
  };
};
