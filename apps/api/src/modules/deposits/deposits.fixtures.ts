import { uuidv7 } from 'uuidv7';
import type { FixtureBuilder } from '../../../test/fixtures';

/**
 * The deposit and settlement routes under /api/tenants/{id} take the tenants fixture's id (`tenants:id`); the
 * tenant's own statement takes a tenancy of the caller, none here (404 to everyone).
 */
export const fixtures: FixtureBuilder = async () => ({ '/api/deposits/mine/:id/pdf#id': uuidv7() });
