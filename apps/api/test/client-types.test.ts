import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderSchemaTypes } from '../../../packages/client/scripts/render';
import { getTestApp } from './app';

const committed = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../packages/client/src/schema.d.ts',
);

describe('@rentora/client types', () => {
  it('equal a fresh generation from the live document (run `npm run generate -w packages/client`)', async () => {
    const { app } = await getTestApp();
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<object>();
    const fresh = await renderSchemaTypes(document);
    // Not toEqual on 1 MB of text: a drift shows as the first differing line.
    const freshLines = fresh.split('\n');
    const committedLines = readFileSync(committed, 'utf8').split('\n');
    const first = freshLines.findIndex((line, index) => line !== committedLines[index]);
    expect(
      first === -1 && freshLines.length === committedLines.length
        ? null
        : `line ${first + 1}: committed ${JSON.stringify(committedLines[first])}, fresh ${JSON.stringify(freshLines[first])}`,
    ).toBeNull();
  });
});
