// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from './toast-store';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('toast store', () => {
  it('dismisses a toast after the default 5000 ms', () => {
    const store = createToastStore();
    store.show({ type: 'success', title: 'Saved' });
    expect(store.list()).toEqual([
      expect.objectContaining({ type: 'success', title: 'Saved', duration: 5000 }),
    ]);
    vi.advanceTimersByTime(4999);
    expect(store.list()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.list()).toHaveLength(0);
  });

  it('keeps a toast without a duration until it is closed', () => {
    const store = createToastStore();
    const id = store.show({ type: 'warning', title: 'Heads up', message: 'Read me', duration: null });
    vi.advanceTimersByTime(60_000);
    expect(store.list()).toHaveLength(1);
    store.dismiss(id);
    expect(store.list()).toHaveLength(0);
  });

  it('stacks different toasts and does not repeat one already shown', () => {
    const store = createToastStore();
    store.show({ type: 'error', title: 'Server Error', message: 'x' });
    store.show({ type: 'error', title: 'Server Error', message: 'x' });
    store.show({ type: 'info', title: 'Other' });
    expect(store.list().map((toast) => toast.title)).toEqual(['Server Error', 'Other']);
  });
});
