import type { PropertyDto } from '@rentora/shared';
import { call } from '../../../test/app';
import type { FixtureBuilder } from '../../../test/fixtures';
import { makeImage, multipart } from '../uploads/uploads.testing';

export const sampleProperty = {
  name: 'Guard Residency',
  propertyType: 'apartment_building',
  address: { line1: '1 Test Road', city: 'Bengaluru', state: 'Karnataka', postalCode: '560001' },
} as const;

/** A property of company A with one photo. */
export const fixtures: FixtureBuilder = async ({ app, owner }) => {
  const created = await call(app, 'POST', '/api/properties', {
    token: owner.token,
    companyId: owner.companyId,
    body: sampleProperty,
  });
  if (created.statusCode !== 201) throw new Error(`property: ${created.body}`);
  const property = created.json<{ data: PropertyDto }>().data;
  const upload = multipart([{ filename: 'front.jpg', contentType: 'image/jpeg', data: await makeImage() }]);
  const photo = await app.inject({
    method: 'POST',
    url: `/api/properties/${property._id}/photos`,
    headers: { authorization: `Bearer ${owner.token}`, 'x-company-id': owner.companyId, ...upload.headers },
    payload: upload.payload,
  });
  if (photo.statusCode !== 201) throw new Error(`photo: ${photo.body}`);
  return {
    'properties:id': property._id,
    'photos:photoId': photo.json<{ data: PropertyDto }>().data.photos[0]!._id,
  };
};
