import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** The app's query client: no retry on 4xx, one retry on network and server errors. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
        return failureCount < 1;
      },
    },
    mutations: { retry: false },
  },
});
