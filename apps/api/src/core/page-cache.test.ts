import { describe, expect, it } from 'vitest';
import { createBoundedStringCache, queryKey } from './page-cache';

describe('queryKey', () => {
  it('drops the web client’s _t cache-buster and keeps the rest in order', () => {
    expect(queryKey('/api/tenants?page=2&_t=1795627034043&status[]=active')).toBe(
      '/api/tenants?page=2&status[]=active',
    );
    expect(queryKey('/api/tenants?_t=1')).toBe('/api/tenants');
    expect(queryKey('/api/tenants')).toBe('/api/tenants');
    expect(queryKey('/api/tenants?_to=1&_t')).toBe('/api/tenants?_to=1');
  });
});

describe('createBoundedStringCache', () => {
  it('keeps values while their total size fits, evicting the least recently used first', () => {
    // Each entry below weighs 2 × (1 + 9) = 20 bytes.
    const cache = createBoundedStringCache(60);
    cache.set('a', 'x'.repeat(9));
    cache.set('b', 'y'.repeat(9));
    cache.set('c', 'z'.repeat(9));
    expect(cache.size).toBe(3);
    expect(cache.get('a')).toBe('x'.repeat(9));
    cache.set('d', 'w'.repeat(9));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('x'.repeat(9));
    expect(cache.get('c')).toBe('z'.repeat(9));
    expect(cache.get('d')).toBe('w'.repeat(9));
  });

  it('replaces a key without counting it twice and never keeps a value larger than the bound', () => {
    const cache = createBoundedStringCache(60);
    for (let i = 0; i < 10; i += 1) cache.set('a', String(i).repeat(9));
    cache.set('b', 'y'.repeat(9));
    expect(cache.get('a')).toBe('9'.repeat(9));
    expect(cache.get('b')).toBe('y'.repeat(9));
    cache.set('huge', 'h'.repeat(100));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(2);
  });
});
