import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteThread } from './pglite-thread';

let thread: PgliteThread;

beforeAll(async () => {
  thread = await PgliteThread.open({ startParams: [] }).ready();
  await thread.exec('create table items (id int primary key, name text not null, at timestamptz, n numeric)');
});

afterAll(async () => {
  await thread.close();
});

const count = async () =>
  (await thread.query<{ n: number }>('select count(*)::int as n from items')).rows[0]!.n;

describe('PgliteThread (PGlite on a worker thread)', () => {
  it('runs statements with parameters, in both row modes', async () => {
    await thread.query('insert into items (id, name, n) values ($1, $2, $3)', [1, 'one', '1.50']);
    const objects = await thread.query<{ id: number; name: string }>(
      'select id, name from items where id = $1',
      [1],
    );
    expect(objects.rows).toEqual([{ id: 1, name: 'one' }]);
    expect(objects.fields.map((field) => field.name)).toEqual(['id', 'name']);
    const arrays = await thread.query<unknown[]>('select id, name from items', [], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[1, 'one']]);
  });

  it("runs a query's parsers on this side, on PostgreSQL's text of their columns", async () => {
    await thread.query(`insert into items (id, name, at) values (2, 'two', '2026-04-01T05:30:00Z')`);
    const plain = await thread.query<{ at: unknown }>('select at from items where id = 2');
    expect(plain.rows[0]!.at).toBeInstanceOf(Date);
    const texts: string[] = [];
    const parsed = await thread.query<{ at: unknown; name: string }>(
      'select at, name from items where id = 2',
      [],
      {
        parsers: {
          1184: (value: string) => {
            texts.push(value);
            return `parsed ${value}`;
          },
        },
      },
    );
    expect(texts).toEqual(['2026-04-01 05:30:00+00']);
    expect(parsed.rows[0]).toEqual({ at: 'parsed 2026-04-01 05:30:00+00', name: 'two' });
  });

  it("passes PostgreSQL's error fields across (what the error handler reads)", async () => {
    const error = await thread
      .query(`insert into items (id, name) values (1, 'again')`)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'items_pkey', table: 'items' });
    expect((error as Error).message).toContain('duplicate key');
    // The connection goes on.
    expect(await count()).toBe(2);
  });

  it('commits a transaction, and rolls it back when its work fails', async () => {
    await thread.transaction(async (tx) => {
      await tx.query(`insert into items (id, name) values (3, 'three')`);
    });
    expect(await count()).toBe(3);
    const failed = thread.transaction(async (tx) => {
      await tx.query(`insert into items (id, name) values (4, 'four')`);
      throw new Error('the work failed');
    });
    await expect(failed).rejects.toThrow('the work failed');
    expect(await count()).toBe(3);
  });

  it('fails a commit that PostgreSQL turned into a rollback (an error swallowed inside the transaction)', async () => {
    const committed = thread.transaction(async (tx) => {
      await tx.query(`insert into items (id, name) values (5, 'five')`);
      await tx.query(`insert into items (id, name) values (1, 'duplicate')`).catch(() => undefined);
    });
    await expect(committed).rejects.toMatchObject({ code: '25P02' });
    expect(await count()).toBe(3);
  });

  it('refuses statements on a transaction after its rollback', async () => {
    await thread.transaction(async (tx) => {
      await tx.rollback();
      expect(tx.closed).toBe(true);
      await expect(tx.query('select 1')).rejects.toThrow('Transaction is closed');
    });
    expect(await count()).toBe(3);
  });

  it('fails every statement with the reason when PostgreSQL cannot start', async () => {
    const broken = PgliteThread.open({ startParams: ['-c', 'shared_buffers=not-a-size'] });
    await expect(broken.ready()).rejects.toThrow();
    await expect(broken.query('select 1')).rejects.toThrow();
    await broken.close().catch(() => undefined);
  });
});
