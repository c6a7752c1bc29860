import type { ImportJobDto } from '@rentora/shared';
import type { FixtureBuilder } from '../../../test/fixtures';
import { csvOf, PROPERTY_HEADER, propertyRow, upload } from './imports.testing';

/** A queued dry run of company A (a one-row properties file). */
export const fixtures: FixtureBuilder = async ({ app, owner }) => {
  const response = await upload(
    app,
    owner,
    'properties',
    csvOf([PROPERTY_HEADER, propertyRow('Guard Import')]),
    {
      dryRun: true,
    },
  );
  if (response.statusCode !== 202) throw new Error(`import: ${response.body}`);
  return {
    'imports:id': response.json<{ data: ImportJobDto }>().data._id,
    // A template names no record of company A; a name that is no kind is refused (400) to everyone.
    'templates:kind': 'no-such-kind',
  };
};
