/** What `run` answers for one submitted item. */
export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * Coalesces concurrent submissions into one call of `run`: while a run is in flight, new submissions wait and go
 * together into the next one. A burst of N submissions then costs two or three runs instead of N runs queued behind
 * each other (N inserts, N commits, N pool slots). `run` answers one outcome per item, in order; if it throws, every
 * item of that run gets the error.
 */
export function createCoalescer<T, R>(run: (items: T[]) => Promise<Settled<R>[]>): (item: T) => Promise<R> {
  let queue: { item: T; resolve: (value: R) => void; reject: (error: unknown) => void }[] = [];
  let running = false;

  async function drain(): Promise<void> {
    running = true;
    try {
      while (queue.length > 0) {
        const batch = queue;
        queue = [];
        let outcomes: Settled<R>[];
        try {
          outcomes = await run(batch.map((entry) => entry.item));
        } catch (error) {
          outcomes = batch.map(() => ({ ok: false, error }));
        }
        batch.forEach((entry, index) => {
          const outcome = outcomes[index] ?? {
            ok: false,
            error: new Error('no outcome for a coalesced item'),
          };
          if (outcome.ok) entry.resolve(outcome.value);
          else entry.reject(outcome.error);
        });
      }
    } finally {
      running = false;
    }
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!running) void drain();
    });
}
