import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useAction, usePublicQuery } from './light-query';

let keySeed = 0;
const freshKey = (...parts: unknown[]) => ['light-query-test', ++keySeed, ...parts];

function Reader({
  label,
  queryKey,
  fetcher,
}: {
  label: string;
  queryKey: unknown[];
  fetcher: () => Promise<{ plans: number }>;
}) {
  const query = usePublicQuery(queryKey, fetcher, { staleTime: 60_000 });
  return <p>{query.isPending ? `${label} loading` : `${label} ${query.data?.plans}`}</p>;
}

function ActionForm({ order, onSuccess }: { order: string[]; onSuccess: () => Promise<void> }) {
  const action = useAction(async (email: string) => ({ email }), { onSuccess });
  return (
    <>
      <button
        type="button"
        onClick={() => action.mutate('a@b.co', { onSuccess: () => order.push('navigate') })}
      >
        Go
      </button>
      <p>{action.isPending ? 'pending' : action.isSuccess ? `done ${action.data.email}` : 'idle'}</p>
    </>
  );
}

describe('usePublicQuery', () => {
  it('fetches once per key for every reader and serves fresh data from the cache', async () => {
    const key = freshKey();
    const fetcher = vi.fn(async () => ({ plans: 3 }));
    const { unmount } = render(
      <>
        <Reader label="a" queryKey={key} fetcher={fetcher} />
        <Reader label="b" queryKey={key} fetcher={fetcher} />
      </>,
    );
    expect(screen.getByText('a loading')).toBeTruthy();
    await screen.findByText('a 3');
    expect(screen.getByText('b 3')).toBeTruthy();
    unmount();
    render(<Reader label="c" queryKey={key} fetcher={fetcher} />);
    expect(screen.getByText('c 3')).toBeTruthy();
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('keeps the previous page while the next loads when asked, and reports errors with a working refetch', async () => {
    let fail = true;
    const fetcher = vi.fn(async (signal: AbortSignal, page: number) => {
      expect(signal).toBeInstanceOf(AbortSignal);
      if (page === 2 && fail) throw new Error('server down');
      return { page };
    });
    const base = freshKey();
    const { result, rerender } = renderHook(
      ({ page }) =>
        usePublicQuery([...base, page], (signal) => fetcher(signal, page), { keepPrevious: true }),
      { initialProps: { page: 1 } },
    );
    await waitFor(() => expect(result.current.data).toEqual({ page: 1 }));
    rerender({ page: 2 });
    expect(result.current).toMatchObject({ isPending: false, isPlaceholderData: true, data: { page: 1 } });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe('server down');
    fail = false;
    act(() => result.current.refetch());
    await waitFor(() => expect(result.current.data).toEqual({ page: 2 }));
    expect(result.current).toMatchObject({ isError: false, isPlaceholderData: false });
  });

  it('does not fetch while disabled', async () => {
    const fetcher = vi.fn(async () => 1);
    const { result } = renderHook(() => usePublicQuery(freshKey(), fetcher, { enabled: false }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.isPending).toBe(true);
    expect(fetcher).not.toHaveBeenCalled();
  });
});

describe('useAction', () => {
  it('is pending until the action and its onSuccess settle, then calls the caller back', async () => {
    const user = userEvent.setup();
    const order: string[] = [];
    let finishSession: () => void = () => {};
    render(
      <ActionForm
        order={order}
        onSuccess={() =>
          new Promise<void>((resolve) => {
            order.push('onSuccess started');
            finishSession = () => {
              order.push('session ready');
              resolve();
            };
          })
        }
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(order).toEqual(['onSuccess started']));
    expect(screen.getByText('pending')).toBeTruthy();
    act(() => finishSession());
    await screen.findByText('done a@b.co');
    expect(order).toEqual(['onSuccess started', 'session ready', 'navigate']);
  });

  it('ends in error with the thrown error and calls onError', async () => {
    const onError = vi.fn();
    const { result } = renderHook(() =>
      useAction(async (_: undefined) => {
        throw new Error('Invalid credentials');
      }),
    );
    act(() => result.current.mutate(undefined, { onError }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe('Invalid credentials');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'Invalid credentials' }));
  });
});
