import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from './app';

/**
 * The document of GET /api/docs/json is one tools can trust: valid OpenAPI 3.0 (swagger-parser) and clean under
 * Redocly's recommended rules — no error, and none of the warnings that make generated clients poor.
 */
const FORBIDDEN_WARNINGS = ['operation-operationId', 'operation-4xx-response', 'no-ambiguous-paths'];
const run = promisify(execFile);
const redoclyBin = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
  'bin/cli.js',
);

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location?: { pointer?: string }[];
}

type Operation = { operationId?: string; summary?: string; security?: unknown[]; responses?: object };
type Document = { paths: Record<string, Record<string, Operation>>; servers?: { url: string }[] };

let app: FastifyInstance;
let document: Document;

beforeAll(async () => {
  ({ app } = await getTestApp());
  const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  document = response.json<Document>();
});

function operations(): [string, Operation][] {
  return Object.entries(document.paths).flatMap(([url, item]) =>
    Object.entries(item)
      .filter(([method]) => method !== 'parameters')
      .map(([method, operation]): [string, Operation] => [`${method.toUpperCase()} ${url}`, operation]),
  );
}

describe('GET /api/docs/json', () => {
  it('is a valid OpenAPI document (swagger-parser)', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('has 0 errors and no operationId, 4XX or ambiguous-path warnings under Redocly recommended', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rentora-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(document));
      // The CLI exits 1 when it finds errors: read its report either way.
      const { stdout } = await run(
        process.execPath,
        [redoclyBin, 'lint', file, '--format=json', '--max-problems=100000'],
        { cwd: dir, maxBuffer: 64 * 1024 * 1024 },
      ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
      const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as { problems: Problem[] };
      const describeProblem = (problem: Problem) =>
        `${problem.ruleId}: ${problem.message} (${problem.location?.[0]?.pointer ?? ''})`;
      expect(report.problems.filter((p) => p.severity === 'error').map(describeProblem)).toEqual([]);
      expect(
        report.problems.filter((p) => FORBIDDEN_WARNINGS.includes(p.ruleId)).map(describeProblem),
      ).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names every operation uniquely and says who may call it', () => {
    const ids = new Set<string>();
    for (const [name, operation] of operations()) {
      expect(operation.operationId, name).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(ids.has(operation.operationId!), `${name} repeats ${operation.operationId}`).toBe(false);
      ids.add(operation.operationId!);
      expect(operation.summary, name).toBeTruthy();
      expect(Array.isArray(operation.security), name).toBe(true);
    }
    expect(document.servers?.[0]?.url).toBeTruthy();
  });

  it('derives security and the error answers from the access kind', () => {
    const invoices = document.paths['/api/invoices/{id}'].get as Operation & {
      parameters: { $ref?: string }[];
    };
    expect(invoices.operationId).toBe('getInvoicesById');
    expect(invoices.security).toEqual([{ bearerAuth: [] }, { ApiKeyAuth: [] }]);
    expect(invoices.parameters).toContainEqual({ $ref: '#/components/parameters/CompanyId' });
    expect(Object.keys(invoices.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', 'default']),
    );
    expect(document.paths['/api/public/properties'].get.security).toEqual([]);
    expect(document.paths['/api/auth/me'].get.security).toEqual([{ bearerAuth: [] }]);
  });
});
