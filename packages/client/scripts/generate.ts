/**
 * `npm run generate -w packages/client`: builds the API in-process on an in-memory database, reads its OpenAPI
 * document and writes `src/schema.d.ts` (and `openapi.json` beside it, for other generators and importers).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../../apps/api/src/app';
import { openTestDatabase, testConfig } from '../../../apps/api/test/app';
import { renderSchemaTypes } from './render';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const database = await openTestDatabase();
const app = await buildApp({ config: testConfig(), database, logger: false });
try {
  await app.ready();
  const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (response.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${response.statusCode}`);
  const document = response.json<object>();
  writeFileSync(path.join(root, 'src/schema.d.ts'), await renderSchemaTypes(document));
  console.log('wrote packages/client/src/schema.d.ts');
} finally {
  await app.close();
  await database.close();
}
