import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RentalUnitDto } from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestAppWith, call } from '../../test/app';
import { createCompany } from '../../test/factories';
import { startTestBucket, type TestBucket } from '../../test/s3';
import { auth, createProperty, createUnit, jpeg, upload } from '../modules/properties/properties.testing';
import { createLocalStorage } from './storage';
import { migrateStorage } from './storage-migrate';
import { createS3Storage, readAll } from './storage-s3';

let bucket: TestBucket;

beforeAll(async () => {
  bucket = await startTestBucket();
});
afterAll(async () => {
  await bucket?.close();
});

describe('S3 storage adapter (against a real S3-protocol server)', () => {
  it('puts, reads, checks, presigns and deletes objects', async () => {
    const storage = await createS3Storage(bucket.options);
    const key = 'companies/c1/docs/lease.pdf';
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.read(key)).toBeNull();
    await storage.put(key, Buffer.from('%PDF-1.7 hello'), 'application/pdf');
    expect(await storage.exists(key)).toBe(true);
    const file = await storage.read(key);
    expect(file?.size).toBe(14);
    expect((await readAll(file!.stream)).toString()).toBe('%PDF-1.7 hello');

    const url = await storage.presignedUrl!(key, { expiresInSeconds: 60, contentType: 'application/pdf' });
    expect(url).toContain('X-Amz-Signature=');
    const fetched = await fetch(url);
    expect(fetched.status).toBe(200);
    expect(await fetched.text()).toBe('%PDF-1.7 hello');
    if (process.env.TEST_S3_URL) {
      // A real bucket (MinIO, AWS) refuses the object without the signature; s3rver checks no access at all.
      const unsigned = await fetch(url.split('?')[0]!);
      expect(unsigned.status).toBe(403);
    }

    await storage.delete(key);
    await storage.delete(key); // a missing file is not an error
    expect(await storage.exists(key)).toBe(false);
  });

  it('refuses keys the server would never make', async () => {
    const storage = await createS3Storage(bucket.options);
    await expect(storage.put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /Invalid storage key/,
    );
  });
});

describe('uploads on S3 storage', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestAppWith({ s3: bucket.options });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('stores unit images in the bucket and serves them through a one-minute presigned redirect', async () => {
    const owner = await createCompany(app, { plan: 'enterprise' });
    const property = await createProperty(app, owner);
    const unit = await createUnit(app, owner, property._id);
    const response = await upload(app, auth(owner), `/api/rental-units/${unit._id}/images`, [await jpeg()]);
    expect(response.statusCode).toBe(201);
    const image = response.json<{ data: RentalUnitDto }>().data.images[0]!;
    const key = image.url.split('?')[0]!.replace('/uploads/', '');
    const storage = await createS3Storage(bucket.options);
    expect(await storage.exists(key)).toBe(true);

    const served = await app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(302);
    expect(served.headers['cache-control']).toBe('private, no-store');
    const location = String(served.headers.location);
    expect(location).toMatch(/X-Amz-Expires=60/);
    const bytes = await fetch(location);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toBe('image/jpeg');
    expect((await bytes.arrayBuffer()).byteLength).toBeGreaterThan(100);

    // The permission check still happens first: no signature and no session → 401, no redirect.
    const anonymous = await app.inject({ method: 'GET', url: `/uploads/${key}` });
    expect(anonymous.statusCode).toBe(401);

    const removed = await call(
      app,
      'DELETE',
      `/api/rental-units/${unit._id}/images/${image._id}`,
      auth(owner),
    );
    expect(removed.statusCode).toBe(200);
    expect(await storage.exists(key)).toBe(false);
  });
});

describe('storage migration (npm run storage:migrate)', () => {
  it('copies every local file into the bucket once, keeping keys', async () => {
    const local = createLocalStorage(mkdtempSync(path.join(tmpdir(), 'rentora-local-')));
    await local.put('companies/a/units/u1/one.jpg', Buffer.from('one'), 'image/jpeg');
    await local.put('companies/a/tenants/t1/id.pdf', Buffer.from('%PDF-two'), 'application/pdf');
    const target = await createS3Storage(bucket.options);
    expect(await migrateStorage(local, target)).toEqual({ copied: 2, skipped: 0 });
    expect(await migrateStorage(local, target)).toEqual({ copied: 0, skipped: 2 });
    const copied = await target.read('companies/a/tenants/t1/id.pdf');
    expect((await readAll(copied!.stream)).toString()).toBe('%PDF-two');
  });
});
