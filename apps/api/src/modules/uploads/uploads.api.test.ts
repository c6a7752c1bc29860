import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { PropertyDto, RentalUnitDto } from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestAppWith, call, getTestApp } from '../../../test/app';
import { addMember, type CompanySession, createCompany, superAdmin } from '../../../test/factories';
import { createUrlSigner } from '../../core/signed-urls';
import { auth, createProperty, createUnit, jpeg, upload } from '../properties/properties.testing';
import { makeImage } from './uploads.testing';

let app: FastifyInstance;
let dataDir: string;
let jwtSecret: string;
let owner: CompanySession;
let other: CompanySession;
let property: PropertyDto;

beforeAll(async () => {
  const testApp = await getTestApp();
  app = testApp.app;
  dataDir = testApp.config.dataDir;
  jwtSecret = testApp.config.jwtSecret;
  owner = await createCompany(app, { plan: 'enterprise' });
  other = await createCompany(app, { plan: 'enterprise' });
  property = await createProperty(app, owner);
});

const imagesUrl = (unit: { _id: string }) => `/api/rental-units/${unit._id}/images`;
const keyOf = (url: string) => url.split('?')[0]!.replace('/uploads/', '');
const filesOf = (unit: RentalUnitDto) => {
  try {
    return readdirSync(path.join(dataDir, 'uploads', 'companies', unit.companyId, 'units', unit._id));
  } catch {
    return [];
  }
};

describe('POST /api/rental-units/:id/images', () => {
  it('stores images told by their bytes, re-encoded without metadata, with WebP thumbnails', async () => {
    const unit = await createUnit(app, owner, property._id);
    const withExif = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#f59e0b' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Secret GPS place' } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const response = await upload(
      app,
      auth(owner),
      imagesUrl(unit),
      [
        { filename: 'living.jpg', contentType: 'image/jpeg', data: withExif },
        // A PNG sent with a misleading name and type is still taken for what its bytes say.
        {
          filename: 'kitchen.gif',
          contentType: 'application/octet-stream',
          data: await makeImage({ format: 'png' }),
        },
      ],
      { category: 'living_room' },
    );
    expect(response.statusCode).toBe(201);
    const images = response.json<{ data: RentalUnitDto }>().data.images;
    expect(images).toHaveLength(2);
    expect(images.map((image) => [image.mimeType, image.isPrimary, image.category])).toEqual([
      ['image/jpeg', true, 'living_room'],
      ['image/png', false, 'living_room'],
    ]);
    expect(images[0]).toMatchObject({ width: 80, height: 60 });
    const original = await app.inject({ method: 'GET', url: images[0]!.url });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(original.rawPayload).metadata()).exif).toBeUndefined();
    const thumbnail = await app.inject({ method: 'GET', url: images[0]!.thumbnailUrl });
    expect((await sharp(thumbnail.rawPayload).metadata()).format).toBe('webp');
    expect(filesOf(response.json<{ data: RentalUnitDto }>().data)).toHaveLength(4);
    // Lists bring each unit's own images along in the same query.
    const listed = await call(app, 'GET', '/api/rental-units', {
      ...auth(owner),
      query: { propertyId: property._id, limit: '100' },
    });
    const units = listed.json<{ data: RentalUnitDto[] }>().data;
    expect(units.find((row) => row._id === unit._id)!.images.map((image) => image._id)).toEqual(
      images.map((image) => image._id),
    );
    expect(units.filter((row) => row._id !== unit._id).every((row) => row.images.length === 0)).toBe(true);
  });

  it('answers 415 to files that are not accepted images, and keeps no file of a failed upload', async () => {
    const unit = await createUnit(app, owner, property._id);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    for (const data of [Buffer.from('not an image at all'), svg, gif, (await makeImage()).subarray(0, 200)]) {
      const response = await upload(app, auth(owner), imagesUrl(unit), [
        await jpeg(),
        { filename: 'fake.jpg', contentType: 'image/jpeg', data },
      ]);
      expect(response.statusCode).toBe(415);
      expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    expect(filesOf(unit)).toEqual([]);
    const json = await call(app, 'POST', imagesUrl(unit), { ...auth(owner), body: { images: [] } });
    expect(json.statusCode).toBe(415);
    const none = await upload(app, auth(owner), imagesUrl(unit), [], { category: 'bedroom' });
    expect(none.statusCode).toBe(400);
    const wrongField = await upload(app, auth(owner), imagesUrl(unit), [
      { ...(await jpeg()), field: 'photo' },
    ]);
    expect(wrongField.statusCode).toBe(400);
    const badCategory = await upload(app, auth(owner), imagesUrl(unit), [await jpeg()], {
      category: 'garage',
    });
    expect(badCategory.statusCode).toBe(400);
    expect(filesOf(unit)).toEqual([]);
  });

  it('answers 413 to a file over the size limit and to more than 10 files', async () => {
    const small = await buildTestAppWith({ uploadLimitBytes: 4096 });
    try {
      const unit = await createUnit(app, owner, property._id);
      const noise = await sharp(
        Buffer.from(Array.from({ length: 200 * 200 * 3 }, () => Math.floor(Math.random() * 256))),
        {
          raw: { width: 200, height: 200, channels: 3 },
        },
      )
        .png()
        .toBuffer();
      const tooBig = await upload(small, auth(owner), imagesUrl(unit), [
        { filename: 'big.png', contentType: 'image/png', data: noise },
      ]);
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json().code).toBe('PAYLOAD_TOO_LARGE');
      expect(filesOf(unit)).toEqual([]);
    } finally {
      await small.close();
    }
    const unit = await createUnit(app, owner, property._id);
    const files = await Promise.all(Array.from({ length: 11 }, () => jpeg()));
    const tooMany = await upload(app, auth(owner), imagesUrl(unit), files);
    expect(tooMany.statusCode).toBe(413);
    expect(filesOf(unit)).toEqual([]);
  });

  it('caps a unit at 30 images', async () => {
    const unit = await createUnit(app, owner, property._id);
    const ten = await Promise.all(Array.from({ length: 10 }, () => jpeg()));
    for (let round = 0; round < 3; round++) {
      expect((await upload(app, auth(owner), imagesUrl(unit), ten)).statusCode).toBe(201);
    }
    const extra = await upload(app, auth(owner), imagesUrl(unit), [await jpeg()]);
    expect(extra.statusCode).toBe(409);
  });

  it("refuses another company's unit before reading the files", async () => {
    const unit = await createUnit(app, owner, property._id);
    const response = await upload(app, auth(other), imagesUrl(unit), [await jpeg()]);
    expect(response.statusCode).toBe(404);
  });
});

describe('PATCH and DELETE /api/rental-units/:id/images/:imageId', () => {
  it('moves the primary flag and deletes files with the row', async () => {
    const unit = await createUnit(app, owner, property._id);
    const uploaded = await upload(app, auth(owner), imagesUrl(unit), [
      await jpeg('#000000'),
      await jpeg('#ffffff'),
    ]);
    const [first, second] = uploaded.json<{ data: RentalUnitDto }>().data.images;
    const patched = await call(app, 'PATCH', `${imagesUrl(unit)}/${second!._id}`, {
      ...auth(owner),
      body: { isPrimary: true, caption: 'Bright', category: 'bedroom' },
    });
    const afterPatch = patched.json<{ data: RentalUnitDto }>().data;
    expect(afterPatch.images.map((image) => image.isPrimary)).toEqual([false, true]);
    expect(afterPatch.derived.primaryImage?._id).toBe(second!._id);
    expect(afterPatch.images[1]).toMatchObject({ caption: 'Bright', category: 'bedroom' });

    const deleted = await call(app, 'DELETE', `${imagesUrl(unit)}/${second!._id}`, auth(owner));
    expect(deleted.statusCode).toBe(200);
    const left = deleted.json<{ data: RentalUnitDto }>().data.images;
    expect(left.map((image) => [image._id, image.isPrimary])).toEqual([[first!._id, true]]);
    expect(filesOf(afterPatch)).toHaveLength(2);
    expect((await app.inject({ method: 'GET', url: second!.url })).statusCode).toBe(404);
    expect((await call(app, 'DELETE', `${imagesUrl(unit)}/${first!._id}`, auth(other))).statusCode).toBe(404);
  });
});

describe('GET /uploads/*', () => {
  let image: { url: string; thumbnailUrl: string };

  beforeAll(async () => {
    const unit = await createUnit(app, owner, property._id);
    const uploaded = await upload(app, auth(owner), imagesUrl(unit), [await jpeg()]);
    image = uploaded.json<{ data: RentalUnitDto }>().data.images[0]!;
  });

  it('serves a signed URL to anyone until it expires', async () => {
    expect(image.url).toMatch(/\?exp=\d+&sig=/);
    const anonymous = await app.inject({ method: 'GET', url: image.url });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).toContain('private');
    const key = keyOf(image.url);
    const expired = createUrlSigner(jwtSecret).signed(key, new Date(Date.now() - 3 * 3_600_000));
    expect((await app.inject({ method: 'GET', url: expired })).statusCode).toBe(403);
    const tampered = image.url.replace(/sig=.{4}/, 'sig=AAAA');
    expect((await app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    const otherKey = keyOf(image.thumbnailUrl);
    const borrowed = `/uploads/${otherKey}?${image.url.split('?')[1]}`;
    expect((await app.inject({ method: 'GET', url: borrowed })).statusCode).toBe(403);
  });

  it('serves unsigned paths only to members who can see inventory, and the platform staff', async () => {
    const plain = `/uploads/${keyOf(image.url)}`;
    const anonymous = await app.inject({ method: 'GET', url: plain });
    expect(anonymous.statusCode).toBe(401);
    const bearer = (token: string) =>
      app.inject({ method: 'GET', url: plain, headers: { authorization: `Bearer ${token}` } });
    expect((await bearer(owner.token)).statusCode).toBe(200);
    expect((await bearer(other.token)).statusCode).toBe(403);
    expect((await bearer((await superAdmin(app)).token)).statusCode).toBe(200);
    const field = await addMember(app, owner, 'field_staff');
    expect((await bearer(field.token)).statusCode).toBe(403);
    const sales = await addMember(app, owner, 'sales_agent');
    expect((await bearer(sales.token)).statusCode).toBe(200);
    expect((await bearer('garbage')).statusCode).toBe(401);
  });

  it('answers 404 to unknown keys and path tricks, never a file outside the uploads', async () => {
    for (const url of [
      '/uploads/companies/none/units/none/x.jpg',
      '/uploads/../../etc/passwd',
      '/uploads/%2e%2e/%2e%2e/etc/passwd',
      '/uploads/..%2F..%2Fjwt-secret',
      `/uploads/${'a/'.repeat(250)}`,
      '/uploads/',
    ]) {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('secret');
    }
  });
});
