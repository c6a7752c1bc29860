import type { RentalUnitDto, RentalUnitUserDto } from '@rentora/shared';
import { call } from '../../../test/app';
import { uniqueEmail } from '../../../test/factories';
import type { FixtureBuilder } from '../../../test/fixtures';
import { makeImage, multipart } from '../uploads/uploads.testing';

/** A unit of company A's fixture property, with one image and one current tenant. */
export const fixtures: FixtureBuilder = async ({ app, owner, ids }) => {
  const propertyId = ids['properties:id'];
  if (!propertyId) throw new Error('needs the properties fixture');
  const auth = { token: owner.token, companyId: owner.companyId };
  const created = await call(app, 'POST', '/api/rental-units', {
    ...auth,
    body: { propertyId, unitNumber: 'G-1', unitType: '1bhk', bedrooms: 1, pricing: { rent: 1_500_000 } },
  });
  if (created.statusCode !== 201) throw new Error(`unit: ${created.body}`);
  const unit = created.json<{ data: RentalUnitDto }>().data;
  const upload = multipart([
    { filename: 'room.png', contentType: 'image/png', data: await makeImage({ format: 'png' }) },
  ]);
  const image = await app.inject({
    method: 'POST',
    url: `/api/rental-units/${unit._id}/images`,
    headers: { authorization: `Bearer ${owner.token}`, 'x-company-id': owner.companyId, ...upload.headers },
    payload: upload.payload,
  });
  if (image.statusCode !== 201) throw new Error(`image: ${image.body}`);
  const tenant = await call(app, 'POST', `/api/rental-units/${unit._id}/tenants`, {
    ...auth,
    body: { userId: { email: uniqueEmail('tenant'), firstName: 'Guard', lastName: 'Tenant' } },
  });
  if (tenant.statusCode !== 201) throw new Error(`tenant: ${tenant.body}`);
  return {
    'rental-units:id': unit._id,
    'images:imageId': image.json<{ data: RentalUnitDto }>().data.images[0]!._id,
    'tenants:tenantId': tenant.json<{ data: RentalUnitUserDto }>().data._id,
  };
};
