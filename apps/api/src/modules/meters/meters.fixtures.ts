import type { FixtureBuilder } from '../../../test/fixtures';
import { makeTenancy } from '../invoices/invoices.testing';
import { addMeter, addReading } from './meters.testing';

/** A let unit of company A with an electricity meter and one reading. */
export const fixtures: FixtureBuilder = async ({ app, owner }) => {
  const tenancy = await makeTenancy(app, owner);
  const meter = await addMeter(app, owner, tenancy.rentalUnitId);
  await addReading(app, owner, meter._id, 100, '2026-01-01');
  return { 'meters:id': meter._id };
};
