import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageOptions } from '../src/core/storage-s3';

export interface TestBucket {
  options: S3StorageOptions;
  close(): Promise<void>;
}

/**
 * A real S3-protocol server for the storage tests: `TEST_S3_URL`
 * (`http://<key>:<secret>@host:port/<bucket>`, e.g. MinIO) when set, else s3rver on a loopback port.
 * Each call gets its own key prefix, so tests never see each other's objects.
 */
export async function startTestBucket(): Promise<TestBucket> {
  const prefix = `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}/`;
  const external = process.env.TEST_S3_URL;
  if (external) {
    const url = new URL(external);
    return {
      options: {
        bucket: url.pathname.replace(/^\//, ''),
        region: process.env.TEST_S3_REGION ?? 'us-east-1',
        endpoint: `${url.protocol}//${url.host}`,
        accessKeyId: decodeURIComponent(url.username),
        secretAccessKey: decodeURIComponent(url.password),
        forcePathStyle: true,
        prefix,
      },
      close: async () => {},
    };
  }
  const directory = mkdtempSync(path.join(tmpdir(), 'rentora-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'rentora-test' }],
  });
  const address = await server.run();
  return {
    options: {
      bucket: 'rentora-test',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${address.port}`,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix,
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
