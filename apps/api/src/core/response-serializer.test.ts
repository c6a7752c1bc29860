import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getTestApp } from '../../test/app';
import { compileFromZod, createResponseSerializerCompiler, zodEncodedResponses } from './response-serializer';

describe('compiled response serializer', () => {
  it('writes only declared properties, as zod strips them', () => {
    const serialize = compileFromZod(z.object({ _id: z.string(), name: z.string() }))!;
    const json = serialize({ _id: 'a', name: 'Asha', passwordHash: 'secret', company: { key: 'x' } });
    expect(JSON.parse(json)).toEqual({ _id: 'a', name: 'Asha' });
  });

  it('keeps nulls, nested objects, arrays, enums, records and unions as zod does', () => {
    const schema = z.object({
      rent: z.number().int(),
      note: z.string().nullable(),
      when: z.string().nullable().optional(),
      status: z.enum(['Available', 'Occupied']),
      owner: z.object({ _id: z.string(), email: z.string().email() }).nullable(),
      tags: z.array(z.string()),
      counts: z.record(z.string(), z.number()),
      source: z.union([
        z.object({ kind: z.literal('staff'), id: z.string() }),
        z.object({ kind: z.literal('public') }),
      ]),
    });
    const serialize = compileFromZod(schema)!;
    const values = [
      {
        rent: 1250000,
        note: null,
        status: 'Occupied',
        owner: { _id: 'u', email: 'a@b.co', extra: 1 },
        tags: ['a', 'b'],
        counts: { open: 2 },
        source: { kind: 'staff', id: 's' },
      },
      {
        rent: 0,
        note: 'quote "x" \\ y',
        when: null,
        status: 'Available',
        owner: null,
        tags: [],
        counts: {},
        source: { kind: 'public' },
      },
    ];
    for (const value of values) expect(JSON.parse(serialize(value))).toEqual(schema.encode(value as never));
  });

  it('writes defaults as zod does, and leaves schemas JSON Schema cannot express to zod', () => {
    const withDefault = z.object({ line1: z.string().default(''), page: z.number().int().default(1) });
    const serialize = compileFromZod(withDefault)!;
    expect(JSON.parse(serialize({ line1: 'A', page: 3 }))).toEqual(
      withDefault.encode({ line1: 'A', page: 3 }),
    );
    expect(JSON.parse(serialize({ page: 3 }))).toEqual({ line1: '', page: 3 });
    expect(compileFromZod(z.object({ at: z.date() }))).toBeUndefined();
    expect(compileFromZod(z.object({ n: z.string().transform((s) => s.length) }))).toBeUndefined();
    expect(compileFromZod({ type: 'object' })).toBeUndefined();
  });

  it('in production compiles a route at its first answer, and falls back to zod where JSON Schema cannot say', () => {
    const compile = createResponseSerializerCompiler('compiled');
    const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });
    const plain = compile(route(z.object({ _id: z.string() })));
    expect(JSON.parse(plain({ _id: 'a', secret: 'x' }))).toEqual({ _id: 'a' });
    expect(plain({ _id: 'b' })).toBe('{"_id":"b"}');
    const dated = compile(route(z.object({ at: z.date() })));
    expect(JSON.parse(dated({ at: new Date('2026-01-02T03:04:05.000Z') }))).toEqual({
      at: '2026-01-02T03:04:05.000Z',
    });
  });

  it('compiles the response schema of every route of the app', async () => {
    const { app } = await getTestApp();
    await app.ready();
    // Every route the tests call checks the compiled output against the zod encode (mode "checked").
    expect([...zodEncodedResponses]).toEqual([]);
  }, 120_000);
});
