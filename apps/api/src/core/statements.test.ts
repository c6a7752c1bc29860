import { describe, expect, it } from 'vitest';
import { boundedPageOf } from './http';
import { pageTotal } from './page-totals';

describe('pageTotal', () => {
  const countAlone = async () => 7;
  const page = { limit: 2, offset: 0, bound: 5 };

  it('needs no count when the page ends the list', async () => {
    expect(await pageTotal([{ total: null }], page, countAlone)).toEqual({ total: 1, exact: true });
    expect(await pageTotal([], page, countAlone)).toEqual({ total: 0, exact: true });
    expect(await pageTotal([{ total: null }], { ...page, offset: 4 }, countAlone)).toEqual({
      total: 5,
      exact: true,
    });
  });

  it("takes a full page's total from its statement, bounded", async () => {
    expect(await pageTotal([{ total: 4 }, { total: 4 }], page, countAlone)).toEqual({
      total: 4,
      exact: true,
    });
    expect(await pageTotal([{ total: 6 }, { total: 6 }], page, countAlone)).toEqual({
      total: 5,
      exact: false,
    });
  });

  it('counts alone when the statement carries no count or the page is past the end', async () => {
    expect(await pageTotal([{ total: null }, { total: null }], page, countAlone)).toEqual({
      total: 5,
      exact: false,
    });
    expect(await pageTotal([], { ...page, offset: 10, bound: 100 }, countAlone)).toEqual({
      total: 7,
      exact: true,
    });
  });
});

describe('boundedPageOf', () => {
  it('pages on while pages are full when the count stopped at its bound', () => {
    expect(boundedPageOf(100, 10, { total: 1000, exact: false }, 10)).toMatchObject({
      totalPages: 100,
      hasNext: true,
    });
    expect(boundedPageOf(101, 10, { total: 1000, exact: false }, 3)).toMatchObject({
      hasNext: false,
      hasPrev: true,
    });
    expect(boundedPageOf(1, 10, { total: 25, exact: true }, 10)).toMatchObject({
      totalPages: 3,
      hasNext: true,
    });
    expect(boundedPageOf(3, 10, { total: 25, exact: true }, 5)).toMatchObject({ hasNext: false });
  });
});
