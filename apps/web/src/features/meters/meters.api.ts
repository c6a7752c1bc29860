import type { MeterBody, MeterDto, MeterDueDto, MeterReadingDto } from '@rentora/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiList, type ApiOk, api } from '../../lib/api-client';
import { toast } from '../../lib/toast';

export const meterKeys = {
  all: ['meters'] as const,
  ofUnit: (unitId: string) => ['meters', 'unit', unitId] as const,
  readings: (meterId: string, page: number) => ['meters', 'readings', meterId, page] as const,
  due: (page: number) => ['meters', 'due', page] as const,
};

export function useUnitMeters(unitId: string) {
  return useQuery({
    queryKey: meterKeys.ofUnit(unitId),
    queryFn: ({ signal }) => api.getData<MeterDto[]>(`/rental-units/${unitId}/meters`, { signal }),
  });
}

export function useMeterReadings(meterId: string, page: number) {
  return useQuery({
    queryKey: meterKeys.readings(meterId, page),
    queryFn: ({ signal }) =>
      api.get<ApiList<MeterReadingDto>>(`/meters/${meterId}/readings`, {
        query: { page, limit: 10 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useReadingsDue(page: number) {
  return useQuery({
    queryKey: meterKeys.due(page),
    queryFn: ({ signal }) =>
      api.get<ApiList<MeterDueDto>>('/meters/due', { query: { page, limit: 50 }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAddMeter(unitId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MeterBody) => api.post<ApiOk<MeterDto>>(`/rental-units/${unitId}/meters`, body),
    onSuccess: () => {
      toast.success('Meter added');
      return client.invalidateQueries({ queryKey: meterKeys.all });
    },
    onError: (error) => toast.apiError(error, 'Could not add the meter'),
  });
}

export function useRemoveMeter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (meterId: string) => api.delete(`/meters/${meterId}`),
    onSuccess: () => {
      toast.success('Meter removed');
      return client.invalidateQueries({ queryKey: meterKeys.all });
    },
    onError: (error) => toast.apiError(error, 'Could not remove the meter'),
  });
}

export interface ReadingInput {
  reading: string;
  readAt: string;
  meterReplaced: boolean;
  photo: File | null;
}

/** Sends a reading as multipart, with its photo when one was taken. */
export function useAddReading(meterId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReadingInput) => {
      const form = new FormData();
      form.append('reading', input.reading);
      form.append('readAt', input.readAt);
      form.append('meterReplaced', String(input.meterReplaced));
      if (input.photo) form.append('photo', input.photo, input.photo.name);
      return api.upload<ApiOk<MeterReadingDto>>(`/meters/${meterId}/readings`, form);
    },
    onSuccess: () => {
      toast.success('Reading saved');
      return client.invalidateQueries({ queryKey: meterKeys.all });
    },
    onError: (error) => toast.apiError(error, 'Could not save the reading'),
  });
}
