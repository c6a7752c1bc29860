import { describe, expect, it } from 'vitest';
import { pageWithTotal } from './pagination';

describe('pageWithTotal', () => {
  const counted = (value: number) => {
    const calls: number[] = [];
    return {
      calls,
      count: async () => {
        calls.push(1);
        return value;
      },
    };
  };

  it('derives the total from a short first page without counting', async () => {
    const { calls, count } = counted(99);
    expect(await pageWithTotal({ offset: 0, limit: 10 }, Promise.resolve([1, 2, 3]), count)).toEqual({
      rows: [1, 2, 3],
      total: 3,
    });
    expect(calls).toEqual([]);
  });

  it('derives the total from a short later page', async () => {
    const { calls, count } = counted(99);
    expect((await pageWithTotal({ offset: 20, limit: 10 }, Promise.resolve([1]), count)).total).toBe(21);
    expect(calls).toEqual([]);
  });

  it('counts when the page is full or past the end', async () => {
    const full = counted(57);
    expect((await pageWithTotal({ offset: 0, limit: 2 }, Promise.resolve([1, 2]), full.count)).total).toBe(
      57,
    );
    const pastEnd = counted(4);
    expect((await pageWithTotal({ offset: 40, limit: 10 }, Promise.resolve([]), pastEnd.count)).total).toBe(
      4,
    );
    expect(full.calls.length + pastEnd.calls.length).toBe(2);
  });

  it('answers 0 for an empty first page without counting', async () => {
    const { calls, count } = counted(5);
    expect((await pageWithTotal({ offset: 0, limit: 10 }, Promise.resolve([]), count)).total).toBe(0);
    expect(calls).toEqual([]);
  });
});
