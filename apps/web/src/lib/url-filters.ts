import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from './use-debounced-value';

/**
 * List filters kept in the URL search params (shareable, they survive a reload and back/forward). `set` drops empty
 * values and goes back to page 1 unless the page itself changes.
 */
export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => {
    const result = {} as Record<K | 'page', string>;
    for (const key of keys) result[key] = params.get(key) ?? '';
    result.page = params.get('page') ?? '';
    return result;
  }, [params, keys]);
  const page = Math.max(1, Number.parseInt(values.page, 10) || 1);

  const set = useCallback(
    (changes: Partial<Record<K | 'page', string | number | null>>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes) as [
            string,
            string | number | null | undefined,
          ][]) {
            if (value === null || value === undefined || value === '' || (key === 'page' && value === 1))
              next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const clear = useCallback(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of keys) next.delete(key);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [setParams, keys]);

  return { values, page, set, clear };
}

/** A search box bound to a URL filter: typing is immediate, the URL (and the query) follow after a pause. */
export function useSearchBox(urlValue: string, onSettled: (value: string) => void, delay = 300) {
  const [text, setText] = useState(urlValue);
  const settled = useDebouncedValue(text, delay);
  const latest = useRef({ urlValue, onSettled });
  latest.current = { urlValue, onSettled };
  useEffect(() => {
    if (settled.trim() !== latest.current.urlValue) latest.current.onSettled(settled.trim());
  }, [settled]);
  useEffect(() => {
    // The URL changed from outside (clear filters, back button).
    setText((current) => (current.trim() === urlValue ? current : urlValue));
  }, [urlValue]);
  return [text, setText] as const;
}
