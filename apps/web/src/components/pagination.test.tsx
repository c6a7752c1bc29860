import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, pageWindow } from './pagination';

describe('pageWindow', () => {
  it.each([
    [1, 1, [1]],
    [1, 5, [1, 2, 'gap', 5]],
    [3, 5, [1, 2, 3, 4, 5]],
    [6, 12, [1, 'gap', 5, 6, 7, 'gap', 12]],
    [12, 12, [1, 'gap', 11, 12]],
  ] as const)('page %i of %i', (page, total, expected) => {
    expect(pageWindow(page, total)).toEqual(expected);
  });
});

describe('Pagination', () => {
  const pagination = { page: 2, limit: 12, totalCount: 57, totalPages: 5, hasNext: true, hasPrev: true };

  it('summarises the range and moves between pages', async () => {
    const onPageChange = vi.fn();
    render(<Pagination pagination={pagination} onPageChange={onPageChange} itemLabel="properties" />);
    expect(screen.getByRole('navigation', { name: 'Pagination' }).textContent).toContain(
      'Showing 13–24 of 57 properties',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(onPageChange.mock.calls).toEqual([[3], [5]]);
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  });

  it('marks a bounded count and renders nothing for an empty list', () => {
    const { container, rerender } = render(
      <Pagination
        pagination={{ ...pagination, totalCount: 1000 }}
        exactCount={false}
        onPageChange={() => undefined}
      />,
    );
    expect(container.textContent).toContain('of 1,000+ results');
    rerender(<Pagination pagination={{ ...pagination, totalCount: 0 }} onPageChange={() => undefined} />);
    expect(container.textContent).toBe('');
  });
});
