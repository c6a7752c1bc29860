import { describe, expect, it } from 'vitest';
import { createSingleFlight } from './single-flight';

describe('createSingleFlight', () => {
  it('runs concurrent calls of one key once, other keys apart, and again once settled', async () => {
    const flight = createSingleFlight<number>();
    let runs = 0;
    let release: (value: number) => void = () => {};
    const work = () => {
      runs += 1;
      return new Promise<number>((resolve) => {
        release = resolve;
      });
    };
    const waiting = [flight('a', work), flight('a', work), flight('a', work)];
    expect(runs).toBe(1);
    const other = flight('b', async () => 7);
    expect(runs).toBe(1);
    release(42);
    expect(await Promise.all(waiting)).toEqual([42, 42, 42]);
    expect(await other).toBe(7);
    await flight('a', async () => {
      runs += 1;
      return 1;
    });
    expect(runs).toBe(2);
  });

  it('hands a failure to every waiter and lets the next call try again', async () => {
    const flight = createSingleFlight<number>();
    const failing = () => Promise.reject(new Error('down'));
    const results = await Promise.allSettled([flight('k', failing), flight('k', failing)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await flight('k', async () => 3)).toBe(3);
  });
});
