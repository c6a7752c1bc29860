import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type JsonSchema = Record<string, unknown>;
type Serialize = (data: unknown) => string;

/**
 * How responses become JSON.
 * - `compiled` (production): a fast-json-stringify function compiled once per route from the route's zod schema
 *   (`z.toJSONSchema`, output side). It writes only the declared properties, so nothing undeclared can leak, and it
 *   costs a fraction of a zod parse per response.
 * - `checked` (tests, development): the zod encode of fastify-type-provider-zod, and the compiled function beside it,
 *   whose output must be the same JSON; a difference is a 500 that names the route, so the suites prove the fast path.
 * A schema that JSON Schema cannot express (transforms, custom types) keeps the zod encode in both modes.
 * In `compiled` mode a route's function is compiled at its first response, not at start-up: compiling every route's
 * schema was a third of a restart's CPU (docs/performance.md, "Light at rest"), and most routes of a process never
 * answer.
 */
export type ResponseSerialization = 'compiled' | 'checked';

const zodSerializerCompiler = createSerializerCompiler({});

/** Routes (method, url, status) whose response schema kept the zod encode; the tests list them. */
export const zodEncodedResponses = new Set<string>();

export function createResponseSerializerCompiler(
  mode: ResponseSerialization,
): FastifySerializerCompiler<ZodType> {
  return (route) => {
    if (mode === 'compiled') {
      let serialize: Serialize | undefined;
      return (data) => {
        serialize ??= compileFromZod(route.schema) ?? zodSerializerCompiler(route);
        return serialize(data);
      };
    }
    const viaZod: Serialize = zodSerializerCompiler(route);
    const compiled = compileFromZod(route.schema);
    if (!compiled) {
      zodEncodedResponses.add(`${route.method} ${route.url} ${route.httpStatus}`);
      return viaZod;
    }
    return (data) => {
      const expected = viaZod(data);
      const actual = compiled(data);
      if (actual !== expected && !isDeepStrictEqual(JSON.parse(actual), JSON.parse(expected))) {
        throw new Error(
          `compiled response serializer of ${route.method} ${route.url} differs from the zod schema:\n${actual}\n${expected}`,
        );
      }
      return expected;
    };
  };
}

/** A fast-json-stringify function for a zod schema, or undefined when JSON Schema cannot say what zod does. */
export function compileFromZod(schema: unknown): Serialize | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, {
      io: 'output',
      unrepresentable: 'throw',
      target: 'draft-7',
    }) as JsonSchema;
  } catch {
    return undefined;
  }
  try {
    return fastJson(forSerializer(json) as Parameters<typeof fastJson>[0]) as Serialize;
  } catch {
    return undefined;
  }
}

/**
 * Two rewrites that keep the output and spare fast-json-stringify a run-time schema check per value:
 * `anyOf: [X, {type: 'null'}]` becomes X with `nullable: true`, and `additionalProperties: false` goes (undeclared
 * properties are never written anyway; kept, it would make an object with extra keys fail its anyOf branch).
 */
function forSerializer(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forSerializer);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value === false) continue;
    out[key] = forSerializer(value);
  }
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex(isNullType);
    const other = anyOf[1 - nullIndex] as JsonSchema | undefined;
    if (nullIndex !== -1 && other && typeof other.type === 'string') {
      const { anyOf: _nullable, ...rest } = out;
      return { ...rest, ...other, nullable: true };
    }
  }
  return out;
}

function isNullType(branch: unknown): boolean {
  return typeof branch === 'object' && branch !== null && (branch as JsonSchema).type === 'null';
}
