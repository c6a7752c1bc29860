import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { RentalUnitDto } from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { redactUrl } from '../src/core/log-redaction';
import { auth, createProperty, createUnit, jpeg, upload } from '../src/modules/properties/properties.testing';
import { call, getTestApp, testConfig } from './app';
import { createCompany } from './factories';
import { tokenFromOutbox } from './outbox';

/** A run of sign-ups, sign-ins, refreshes, resets, verifications and signed file links leaves no secret in the log. */
describe('secrets never reach the log', () => {
  let app: FastifyInstance;
  let outboxDir: string;
  const lines: string[] = [];

  beforeAll(async () => {
    const { database } = await getTestApp();
    const config = testConfig({ logLevel: 'trace' });
    outboxDir = path.join(config.dataDir, 'outbox');
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    app = await buildApp({ config, database, logStream: stream });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('logs requests with their tokens, passwords and signatures removed', async () => {
    const secrets: string[] = [];
    const email = `logs-${Date.now()}@example.test`;
    const password = 'Very-Secret-Pass-42';
    secrets.push(password);
    const registered = await call(app, 'POST', '/api/auth/register', {
      body: { firstName: 'Log', lastName: 'Check', email, password },
    });
    expect(registered.statusCode).toBe(201);
    const first = registered.json<{ data: { token: string; refreshToken: string } }>().data;
    secrets.push(first.token, first.refreshToken);
    await call(app, 'POST', '/api/auth/login', { body: { email, password: 'Wrong-Password-99' } });
    secrets.push('Wrong-Password-99');
    const refreshed = await call(app, 'POST', '/api/auth/refresh-token', {
      body: { refreshToken: first.refreshToken },
    });
    const second = refreshed.json<{ data: { token: string; refreshToken: string } }>().data;
    secrets.push(second.token, second.refreshToken);
    await call(app, 'GET', '/api/auth/me', { token: second.token });

    const verifyToken = tokenFromOutbox(outboxDir, email, '/auth/verify-email');
    secrets.push(verifyToken);
    expect((await call(app, 'GET', `/api/auth/verify-email/${verifyToken}`)).statusCode).toBe(200);
    await call(app, 'POST', '/api/auth/forgot-password', { body: { email } });
    const resetToken = tokenFromOutbox(outboxDir, email, '/auth/reset-password');
    secrets.push(resetToken, 'Brand-New-Pass-77');
    expect(
      (
        await call(app, 'PUT', `/api/auth/reset-password/${resetToken}`, {
          body: { password: 'Brand-New-Pass-77' },
        })
      ).statusCode,
    ).toBe(200);

    const owner = await createCompany(app, { plan: 'enterprise' });
    secrets.push(owner.token, owner.refreshToken);
    const unit = await createUnit(app, owner, (await createProperty(app, owner))._id);
    const uploaded = await upload(app, auth(owner), `/api/rental-units/${unit._id}/images`, [await jpeg()]);
    const imageUrl = uploaded.json<{ data: RentalUnitDto }>().data.images[0]!.url;
    const signature = new URL(imageUrl, 'http://x').searchParams.get('sig')!;
    secrets.push(signature);
    expect((await app.inject({ method: 'GET', url: imageUrl })).statusCode).toBe(200);

    const log = lines.join('');
    expect(log).toContain('"url":"/api/auth/verify-email/[redacted]"');
    expect(log).toContain('sig=[redacted]');
    expect(log).toContain('mail written to outbox');
    const leaked = secrets.filter((secret) => secret.length >= 8 && log.includes(secret));
    expect(leaked.map((secret) => `${secret.slice(0, 6)}…`)).toEqual([]);
    expect(log).not.toMatch(/bearer /i);
  });
});

describe('redactUrl', () => {
  it('keeps ids and ordinary queries, removes credentials', () => {
    expect(redactUrl('/api/properties/0192f0c4-1111-7000-8000-000000000000?page=2')).toBe(
      '/api/properties/0192f0c4-1111-7000-8000-000000000000?page=2',
    );
    expect(redactUrl('/uploads/companies/a/b.jpg?exp=123&sig=abcDEF123')).toBe(
      '/uploads/companies/a/b.jpg?exp=123&sig=[redacted]',
    );
    expect(redactUrl('/api/auth/reset-password/AbCdEfGhIjKlMnOpQrStUvWxYz012345')).toBe(
      '/api/auth/reset-password/[redacted]',
    );
    expect(redactUrl('/invitation/AbCdEfGhIjKlMnOpQrStUvWxYz012345?x=1')).toBe('/invitation/[redacted]?x=1');
  });
});
