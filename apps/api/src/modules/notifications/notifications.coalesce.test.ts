import { describe, expect, it } from 'vitest';
import { createCoalescer, type Settled } from './notifications.coalesce';

/** A run that records each batch and stays in flight until released. */
function gatedRun() {
  const batches: number[][] = [];
  const gates: (() => void)[] = [];
  const run = async (items: number[]): Promise<Settled<number>[]> => {
    batches.push(items);
    await new Promise<void>((resolve) => gates.push(resolve));
    return items.map((item) =>
      item < 0 ? { ok: false, error: new Error(`bad ${item}`) } : { ok: true, value: item * 10 },
    );
  };
  const releaseAll = async () => {
    while (gates.length > 0) {
      gates.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };
  return { batches, run, releaseAll };
}

describe('createCoalescer', () => {
  it('runs the first submission at once and everything submitted meanwhile together in the next run', async () => {
    const { batches, run, releaseAll } = gatedRun();
    const submit = createCoalescer(run);
    const results = Promise.all([1, 2, 3, 4].map((item) => submit(item)));
    await new Promise((resolve) => setTimeout(resolve, 0));
    const done = releaseAll();
    expect(await results).toEqual([10, 20, 30, 40]);
    await done;
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('fails only the items whose outcome failed', async () => {
    const { run, releaseAll } = gatedRun();
    const submit = createCoalescer(run);
    const outcomes = Promise.allSettled([submit(1), submit(-2), submit(3)]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await releaseAll();
    const settled = await outcomes;
    expect(settled.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('rejects every item of a run that throws, and serves the next submissions', async () => {
    let fail = true;
    const submit = createCoalescer(async (items: number[]): Promise<Settled<number>[]> => {
      if (fail) throw new Error('database down');
      return items.map((value) => ({ ok: true, value }));
    });
    await expect(submit(1)).rejects.toThrow('database down');
    fail = false;
    expect(await submit(2)).toBe(2);
  });
});
