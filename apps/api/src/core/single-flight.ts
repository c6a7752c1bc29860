/**
 * Concurrent calls with the same key share one run of their work: the first starts it, the others wait for its answer
 * (or its failure). For values many requests ask for at once when a cache runs out (a large company's statistics: 50
 * dashboards refreshing together each aggregated 100,000 requests, and none answered within 3 s on two cores).
 */
export function createSingleFlight<T>(): (key: string, work: () => Promise<T>) => Promise<T> {
  const running = new Map<string, Promise<T>>();
  return (key, work) => {
    const current = running.get(key);
    if (current) return current;
    const started = work().finally(() => running.delete(key));
    running.set(key, started);
    return started;
  };
}
