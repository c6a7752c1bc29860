import { openDatabase } from '../src/db/client';

/** On PostgreSQL the schema is migrated once, before the workers start; PGlite workers migrate their own. */
export default async function setup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const database = await openDatabase({ url, poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}
