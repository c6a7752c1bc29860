import openapiTS, { astToString } from 'openapi-typescript';

const HEADER = [
  '/**',
  ' * Types of the Rentora API, generated from GET /api/docs/json by openapi-typescript.',
  ' * Do not edit: run `npm run generate -w packages/client` (apps/api/test/client-types.test.ts fails on drift).',
  ' */',
  '',
].join('\n');

/** The TypeScript text of `src/schema.d.ts` for an OpenAPI document (deterministic: same document, same text). */
export async function renderSchemaTypes(document: object): Promise<string> {
  const ast = await openapiTS(structuredClone(document) as Parameters<typeof openapiTS>[0], {
    alphabetize: true,
    exportType: false,
  });
  return HEADER + astToString(ast);
}
