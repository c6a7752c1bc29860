import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/app';
import { inventoryImages } from '../../db/schema';
import { seedDemoData } from '../../db/seed';
import {
  createDemoPhotoSource,
  type DemoPhoto,
  demoPhotoKey,
  renderDemoPhoto,
  writeDemoPhotos,
} from './demo-photos';
import { demoInventoryPhotos } from './properties.seed';

const scratch = (name: string) => mkdtempSync(path.join(tmpdir(), `rentora-${name}-`));
const photo: DemoPhoto = { colors: ['#f97316', '#facc15'], label: 'Sunrise A-101', angle: 60 };
const other: DemoPhoto = { ...photo, angle: 150 };

describe('demo photos made at build time', () => {
  it('are what the seed would have rendered, found by their content', async () => {
    const dir = path.join(scratch('photos'), 'demo-photos');
    await writeDemoPhotos([photo, photo], dir);
    const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(Object.keys(manifest)).toEqual([demoPhotoKey(photo)]);
    const rendered = await renderDemoPhoto(photo);
    expect(await createDemoPhotoSource(dir)(photo)).toEqual(rendered);
    expect(rendered).toMatchObject({ mimeType: 'image/jpeg', ext: 'jpg', width: 1200, height: 800 });
  });

  it('renders a picture the directory lacks, and every picture without a directory', async () => {
    const dir = path.join(scratch('photos'), 'demo-photos');
    await writeDemoPhotos([photo], dir);
    expect(demoPhotoKey(other)).not.toBe(demoPhotoKey(photo));
    expect(await createDemoPhotoSource(dir)(other)).toEqual(await renderDemoPhoto(other));
    const missing = path.join(scratch('photos'), 'none');
    expect(await createDemoPhotoSource(missing)(photo)).toEqual(await renderDemoPhoto(photo));
  });

  it('are stored by the demo seed instead of rendering', async () => {
    if (process.env.TEST_DATABASE_URL) return; // needs a database of its own
    // A directory whose every entry is the same marker file: what the seed stores shows where it came from.
    const dir = scratch('marker-photos');
    const marker = { data: Buffer.from('prebuilt-original'), thumbnail: Buffer.from('prebuilt-thumbnail') };
    writeFileSync(path.join(dir, 'marker.jpg'), marker.data);
    writeFileSync(path.join(dir, 'marker_thumb.webp'), marker.thumbnail);
    const entry = { file: 'marker.jpg', thumbnail: 'marker_thumb.webp', mimeType: 'image/jpeg', ext: 'jpg' };
    const manifest = Object.fromEntries(
      demoInventoryPhotos().map((each) => [demoPhotoKey(each), { ...entry, width: 12, height: 8 }]),
    );
    writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
    process.env.DATA_DIR = scratch('photos-seed');
    const database = await openTestDatabase();
    try {
      expect(await seedDemoData(database.db, { photosDir: dir })).toBe(true);
      const images = await database.db.select().from(inventoryImages);
      expect(images.length).toBe(demoInventoryPhotos().length);
      for (const image of images) {
        expect(image).toMatchObject({ width: 12, height: 8, size: marker.data.length });
        const uploads = path.join(process.env.DATA_DIR, 'uploads');
        expect(readFileSync(path.join(uploads, image.storageKey))).toEqual(marker.data);
        expect(readFileSync(path.join(uploads, image.thumbnailKey!))).toEqual(marker.thumbnail);
      }
    } finally {
      await database.close();
      delete process.env.DATA_DIR;
    }
  }, 120_000);
});
