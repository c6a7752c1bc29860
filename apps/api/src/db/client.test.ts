import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../core/error-handler';
import { createStatementNamer, DatabaseBusyError, StatementQueue } from './client';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('StatementQueue (the PGlite statement queue)', () => {
  it('runs one statement at a time, first come first served', async () => {
    const queue = new StatementQueue(60_000);
    const events: string[] = [];
    let active = 0;
    const statement = (name: string, ms: number) =>
      queue.run(async () => {
        active += 1;
        expect(active).toBe(1);
        events.push(`start ${name}`);
        await sleep(ms);
        events.push(`end ${name}`);
        active -= 1;
        return name;
      });
    const results = await Promise.all([statement('a', 20), statement('b', 1), statement('c', 10)]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(queue.busy).toBe(false);
  });

  it('keeps going after a statement fails', async () => {
    const queue = new StatementQueue(60_000);
    const failing = queue.run(async () => {
      throw new Error('syntax error');
    });
    const next = queue.run(async () => 'ran');
    await expect(failing).rejects.toThrow('syntax error');
    await expect(next).resolves.toBe('ran');
  });

  it('refuses a statement at once when the statements ahead of it would take longer than the bound', async () => {
    const queue = new StatementQueue(1_000);
    // Teach the queue that a statement takes about 40 ms (its moving mean starts at 1 ms).
    for (let i = 0; i < 40; i += 1) await queue.run(() => sleep(40));
    const accepted: Promise<unknown>[] = [];
    let refusal: unknown;
    while (!refusal && accepted.length < 1_000) {
      const statement = queue.run(() => sleep(40));
      statement.catch((error: unknown) => {
        refusal = error;
      });
      await Promise.resolve();
      if (!refusal) accepted.push(statement);
    }
    // About 1,000 ms / 40 ms statements ahead are taken; the next one is refused without waiting.
    expect(accepted.length).toBeGreaterThan(10);
    expect(accepted.length).toBeLessThan(40);
    expect(refusal).toBeInstanceOf(DatabaseBusyError);
    expect(refusal).toMatchObject({ code: '57P03' });
    expect((refusal as DatabaseBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    await Promise.all(accepted);
    // Once the queue has drained, statements are taken again.
    await expect(queue.run(async () => 'ok')).resolves.toBe('ok');
  });

  it('becomes 503 SERVICE_UNAVAILABLE with Retry-After through the error handler', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/busy', async () => {
      throw new DatabaseBusyError(3);
    });
    const response = await app.inject({ method: 'GET', url: '/busy' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('3');
    expect(response.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    await app.close();
  });
});

describe('StatementQueue with plain statements handed over together', () => {
  it('hands over up to maxShared plain statements, and runs a transaction alone, in arrival order', async () => {
    const queue = new StatementQueue(60_000, 2);
    const events: string[] = [];
    let active = 0;
    let most = 0;
    const unit = (name: string, ms: number, exclusive: boolean) => {
      const work = async () => {
        active += 1;
        most = Math.max(most, active);
        if (exclusive) expect(active).toBe(1);
        events.push(`start ${name}`);
        await sleep(ms);
        events.push(`end ${name}`);
        active -= 1;
        return name;
      };
      return exclusive ? queue.run(work) : queue.runShared(work);
    };
    const results = await Promise.all([
      unit('a', 30, false),
      unit('b', 30, false),
      unit('c', 5, false),
      unit('tx', 10, true),
      unit('d', 5, false),
    ]);
    expect(results).toEqual(['a', 'b', 'c', 'tx', 'd']);
    expect(most).toBe(2);
    // c waits for a slot; the transaction waits for every statement before it; d waits for the transaction.
    expect(events.indexOf('start c')).toBeGreaterThan(events.indexOf('end a'));
    expect(events.indexOf('start tx')).toBeGreaterThan(events.indexOf('end c'));
    expect(events.indexOf('start tx')).toBeGreaterThan(events.indexOf('end b'));
    expect(events.indexOf('start d')).toBeGreaterThan(events.indexOf('end tx'));
    expect(queue.busy).toBe(false);
  });
});

describe('StatementQueue after a long transaction', () => {
  it('still takes a burst of short statements (one slow sample cannot make it refuse)', async () => {
    const queue = new StatementQueue(1_000);
    await queue.run(() => new Promise((resolve) => setTimeout(resolve, 1_500)));
    const burst = Array.from({ length: 20 }, () => queue.run(async () => 'ok'));
    await expect(Promise.all(burst)).resolves.toHaveLength(20);
  });
});

describe('createStatementNamer (named prepared statements for repeated texts)', () => {
  const run = (name: ReturnType<typeof createStatementNamer>, config: { name?: string; text?: unknown }) => {
    name(config);
    return config.name;
  };

  it('names a statement from its third run on, with one name per text', () => {
    const name = createStatementNamer((text) => `n_${text.length}`);
    const text = 'select id from users where id = $1';
    expect(run(name, { text })).toBeUndefined();
    expect(run(name, { text })).toBeUndefined();
    expect(run(name, { text })).toBe(`n_${text.length}`);
    expect(run(name, { text })).toBe(`n_${text.length}`);
    expect(run(name, { text: 'select 2' })).toBeUndefined();
  });

  it('leaves a statement sent with a name or the empty name (planned for its values) as it is', () => {
    const name = createStatementNamer(() => 'named');
    for (let i = 0; i < 5; i++) {
      expect(run(name, { text: 'select 1 where $1', name: '' })).toBe('');
      expect(run(name, { text: 'select 1', name: 'mine' })).toBe('mine');
    }
  });

  it('never names a statement that is not a query or a row change', () => {
    const name = createStatementNamer(() => 'named');
    for (let i = 0; i < 5; i++) {
      expect(run(name, { text: 'analyze' })).toBeUndefined();
      expect(run(name, { text: "set local statement_timeout = '1s'" })).toBeUndefined();
    }
    expect(run(name, { text: 'WITH x AS (select 1) select * from x' })).toBeUndefined();
  });
});
