import type { ImportJobDto, ImportKind, Pagination } from '@rentora/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api-client';

export const IMPORT_FALLBACK_MESSAGES = {
  list: 'Failed to fetch the import history',
  job: 'Failed to fetch the import',
  upload: 'Failed to upload the file',
  commit: 'Failed to start the import',
  template: 'Failed to download the template',
};

export const importKeys = {
  all: ['imports'] as const,
  list: (filters: { page: number }) => ['imports', 'list', filters] as const,
  job: (id: string) => ['imports', 'job', id] as const,
};

/** A job still on its way (the page polls it). */
export const isRunning = (job: ImportJobDto | undefined) =>
  job !== undefined && ['queued', 'validating', 'importing'].includes(job.status);

export function useImportHistory(filters: { page: number; limit: number }) {
  return useQuery({
    queryKey: importKeys.list(filters),
    queryFn: ({ signal }) =>
      api.get<{ success: true; data: ImportJobDto[]; pagination: Pagination }>('/imports', {
        query: { ...filters },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** One import, polled every second while it runs; the history is read again whenever its status moves. */
export function useImportJob(id: string | null) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: importKeys.job(id ?? ''),
    queryFn: ({ signal }) => api.getData<ImportJobDto>(`/imports/${id}`, { signal }),
    enabled: Boolean(id),
    refetchInterval: (state) => (isRunning(state.state.data) ? 1000 : false),
  });
  const status = query.data?.status;
  useEffect(() => {
    if (status) void client.invalidateQueries({ queryKey: ['imports', 'list'] });
  }, [client, status]);
  return query;
}

export function useUploadImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { kind: ImportKind; file: File; onProgress?: (percent: number) => void }) => {
      const form = new FormData();
      form.append('kind', input.kind);
      form.append('dryRun', 'true');
      form.append('file', input.file);
      return api
        .upload<{ data: ImportJobDto }>('/imports', form, { onProgress: input.onProgress })
        .then((answer) => answer.data);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: importKeys.all }),
  });
}

export function useCommitImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ data: ImportJobDto }>(`/imports/${id}/commit`).then((a) => a.data),
    onSuccess: (job) => {
      client.setQueryData(importKeys.job(job._id), job);
      return client.invalidateQueries({ queryKey: importKeys.all });
    },
  });
}
