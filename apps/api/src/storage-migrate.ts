// `npm run storage:migrate`: copies DATA_DIR/uploads into the S3 bucket of the S3_* settings (keys unchanged).
import path from 'node:path';
import { loadConfig } from './config';
import { createLocalStorage } from './core/storage';
import { migrateStorage } from './core/storage-migrate';
import { createS3Storage } from './core/storage-s3';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.s3)
    throw new Error('Set S3_BUCKET (and S3_REGION, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)');
  const source = createLocalStorage(path.join(config.dataDir, 'uploads'));
  const target = await createS3Storage(config.s3);
  console.log(
    `Copying ${path.join(config.dataDir, 'uploads')} to s3://${config.s3.bucket}/${config.s3.prefix ?? ''}`,
  );
  const result = await migrateStorage(source, target, (key, action) => console.log(`${action} ${key}`));
  console.log(`Done: ${result.copied} copied, ${result.skipped} already in the bucket.`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
