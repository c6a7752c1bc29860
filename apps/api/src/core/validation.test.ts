import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { strictSchema, validatorCompiler } from './validation';

type Issue = { instancePath: string; message: string };

function validateBody(schema: z.ZodType, data: unknown) {
  const validate = validatorCompiler({ schema, httpPart: 'body', method: 'POST', url: '/x' });
  return validate(data) as { value?: unknown; error?: Issue[] };
}

describe('strict request bodies (core/validation.ts)', () => {
  const body = z.object({
    name: z.string(),
    address: z.object({ city: z.string() }).optional(),
    lines: z.array(z.object({ amount: z.number() })).default([]),
    when: z.preprocess((value) => value, z.object({ day: z.number() })).optional(),
    loose: z.object({ a: z.number() }).loose().optional(),
  });

  it('names an unknown field at any depth', () => {
    expect(validateBody(body, { name: 'x', nmae: 'y' }).error).toMatchObject([
      { instancePath: '/nmae', message: 'Unknown field' },
    ]);
    expect(validateBody(body, { name: 'x', address: { city: 'Pune', pin: 1 } }).error).toMatchObject([
      { instancePath: '/address/pin' },
    ]);
    expect(validateBody(body, { name: 'x', lines: [{ amount: 1, rate: 2 }] }).error).toMatchObject([
      { instancePath: '/lines/0/rate' },
    ]);
    expect(validateBody(body, { name: 'x', when: { day: 1, hour: 2 } }).error).toMatchObject([
      { instancePath: '/when/hour' },
    ]);
  });

  it('keeps valid bodies, defaults and loose objects as they were', () => {
    expect(validateBody(body, { name: 'x', loose: { a: 1, b: 2 } }).value).toEqual({
      name: 'x',
      lines: [],
      loose: { a: 1, b: 2 },
    });
  });

  it('leaves query strings lenient and the original schema untouched', () => {
    const query = z.object({ page: z.coerce.number() });
    const validate = validatorCompiler({ schema: query, httpPart: 'querystring', method: 'GET', url: '/x' });
    expect((validate({ page: '2', _t: '1' }) as { value: unknown }).value).toEqual({ page: 2 });
    strictSchema(body);
    expect(body.safeParse({ name: 'x', extra: 1 }).success).toBe(true);
  });

  it('checks each branch of a union strictly', () => {
    const union = z.union([z.object({ a: z.number() }), z.object({ a: z.number(), b: z.number() })]);
    expect(validateBody(union, { a: 1, b: 2 }).value).toEqual({ a: 1, b: 2 });
    expect(validateBody(union, { a: 1, c: 2 }).error).toBeTruthy();
  });
});
