import { describe, expect, it } from 'vitest';
import { findPageDef } from './find-page';

const pages = [
  { path: '' },
  { path: 'units' },
  { path: 'units/:id' },
  { path: 'properties/:id/units/:unitId' },
];

describe('findPageDef', () => {
  it('finds the index, plain and parameterised pages under the base', () => {
    expect(findPageDef(pages, '/tenant', '/tenant')?.path).toBe('');
    expect(findPageDef(pages, '/tenant', '/tenant/units/')?.path).toBe('units');
    expect(findPageDef(pages, '/tenant', '/tenant/units/42')?.path).toBe('units/:id');
    expect(findPageDef(pages, '/dashboard', '/dashboard/properties/1/units/2')?.path).toBe(
      'properties/:id/units/:unitId',
    );
  });

  it('finds nothing for an unknown path', () => {
    expect(findPageDef(pages, '/tenant', '/tenant/units/42/extra')).toBeUndefined();
    expect(findPageDef(pages, '/tenant', '/tenant/nope')).toBeUndefined();
  });
});
