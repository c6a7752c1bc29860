// `node dist/make-demo-photos.js [dir]` (run by build.mjs): the demo inventory's pictures, rendered and processed once
// (modules/properties/demo-photos.ts), in dist/demo-photos unless a directory is given.
import path from 'node:path';
import { DEMO_PHOTOS_DIR, writeDemoPhotos } from './modules/properties/demo-photos';
import { demoInventoryPhotos } from './modules/properties/properties.seed';

async function main(): Promise<void> {
  const dir = path.resolve(process.argv[2] ?? DEMO_PHOTOS_DIR);
  await writeDemoPhotos(demoInventoryPhotos(), dir);
  console.log(`Demo photos: ${dir}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
