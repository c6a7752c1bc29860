// The ceilings the product is compared with: a bare Fastify process (GET /hello) and, with CEILING_DRIVER set,
// one indexed query through the product's own database driver with no auth, no ORM and no validation
// (GET /user/:id). Benchmark-only: these routes never exist in the product.
// Env: PORT, HOST, CEILING_DRIVER=none|pglite|postgres, PGLITE_DIR (a PGlite data dir), DATABASE_URL.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import Fastify from 'fastify';
import pg from 'pg';

type Query = (id: string) => Promise<unknown>;

const USER_BY_ID = 'select id, email, first_name, last_name, role from users where id = $1';

async function openDriver(): Promise<{ query?: Query; close: () => Promise<void> }> {
  const driver = process.env.CEILING_DRIVER ?? 'none';
  if (driver === 'pglite') {
    if (!process.env.PGLITE_DIR) throw new Error('PGLITE_DIR is required for CEILING_DRIVER=pglite');
    const client = await PGlite.create(process.env.PGLITE_DIR, { extensions: { pg_trgm } });
    return {
      query: async (id) => (await client.query(USER_BY_ID, [id])).rows[0],
      close: () => client.close(),
    };
  }
  if (driver === 'postgres') {
    // The same pool size as the product (apps/api/src/db/client.ts).
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    return {
      query: async (id) => (await pool.query(USER_BY_ID, [id])).rows[0],
      close: () => pool.end(),
    };
  }
  return { close: async () => {} };
}

const driver = await openDriver();
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
if (driver.query) {
  const query = driver.query;
  app.get<{ Params: { id: string } }>('/user/:id', async (request, reply) => {
    const row = await query(request.params.id);
    if (!row) return reply.status(404).send({ success: false });
    return { success: true, data: row };
  });
}
app.addHook('onClose', () => driver.close());
await app.listen({ port: Number(process.env.PORT ?? 3299), host: process.env.HOST ?? '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
