import type {
  AssignTenantInput,
  ImageUpdateBody,
  RentalUnitCreateBody,
  RentalUnitDto,
  RentalUnitListQuery,
  RentalUnitUpdateBody,
  RentalUnitUserDto,
  UnitAnalyticsDto,
  UnitStatus,
  UpdateTenantAssignmentBody,
  VerificationQueueQuery,
  VerificationStatusBody,
  ZRentalUnitQueueItemDto,
} from '@rentora/shared';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { type ApiList, type ApiOk, api, type QueryParams } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { authKeys } from '../auth/auth.api';
import { INVENTORY_MESSAGES } from '../properties/messages';
import { type InventoryList, propertyKeys } from '../properties/properties.api';
import { uploadImages } from './upload-images';

export type UnitListFilters = Partial<
  Pick<
    RentalUnitListQuery,
    | 'page'
    | 'limit'
    | 'sortBy'
    | 'sortOrder'
    | 'status'
    | 'available'
    | 'isAvailable'
    | 'search'
    | 'unitType'
    | 'verificationStatus'
  >
>;

export type TenantListType = 'current' | 'past' | 'all';

export const unitKeys = {
  all: ['rental-units'] as const,
  lists: ['rental-units', 'list'] as const,
  ofProperty: (propertyId: string, query: UnitListFilters) =>
    ['rental-units', 'list', 'property', propertyId, query] as const,
  list: (query: UnitListFilters & { propertyId?: string }) => ['rental-units', 'list', 'all', query] as const,
  detail: (id: string) => ['rental-units', 'detail', id] as const,
  tenants: (id: string, type: TenantListType) => ['rental-units', 'tenants', id, type] as const,
  analytics: (id: string) => ['rental-units', 'analytics', id] as const,
  queue: (query: Partial<VerificationQueueQuery>) => ['rental-units', 'verification-queue', query] as const,
};

function unitParams(query: UnitListFilters & { propertyId?: string }): QueryParams {
  return {
    page: query.page,
    limit: query.limit,
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
    status: query.status,
    available: query.available,
    isAvailable: query.isAvailable,
    search: query.search,
    unitType: query.unitType,
    verificationStatus: query.verificationStatus,
    propertyId: query.propertyId,
  };
}

export type RentalUnitQueueItem = z.infer<typeof ZRentalUnitQueueItemDto>;

export const unitsApi = {
  ofProperty: (propertyId: string, query: UnitListFilters, signal?: AbortSignal) =>
    api.get<InventoryList<RentalUnitDto>>(`/properties/${propertyId}/rental-units`, {
      query: unitParams(query),
      signal,
    }),
  list: (query: UnitListFilters & { propertyId?: string }, signal?: AbortSignal) =>
    api.get<InventoryList<RentalUnitDto>>('/rental-units', { query: unitParams(query), signal }),
  get: (id: string, signal?: AbortSignal) => api.getData<RentalUnitDto>(`/rental-units/${id}`, { signal }),
  create: (body: RentalUnitCreateBody) => api.post<ApiOk<RentalUnitDto>>('/rental-units', body),
  update: (id: string, body: RentalUnitUpdateBody) =>
    api.put<ApiOk<RentalUnitDto>>(`/rental-units/${id}`, body),
  remove: (id: string) => api.delete<ApiOk<null>>(`/rental-units/${id}`),
  setAvailability: (id: string, isAvailable: boolean) =>
    api.put<ApiOk<RentalUnitDto>>(`/rental-units/${id}/availability`, { isAvailable }),
  uploadImages: (
    id: string,
    files: readonly File[],
    onProgress?: (percent: number) => void,
    category?: string,
  ) =>
    uploadImages<ApiOk<RentalUnitDto>>(`/rental-units/${id}/images`, {
      files,
      onProgress,
      fields: { category },
    }),
  updateImage: (id: string, imageId: string, body: ImageUpdateBody) =>
    api.patch<ApiOk<RentalUnitDto>>(`/rental-units/${id}/images/${imageId}`, body),
  deleteImage: (id: string, imageId: string) =>
    api.delete<ApiOk<RentalUnitDto>>(`/rental-units/${id}/images/${imageId}`),
  tenants: (id: string, type: TenantListType, signal?: AbortSignal) =>
    api.get<ApiList<RentalUnitUserDto>>(`/rental-units/${id}/tenants`, {
      query: { type, limit: 100 },
      signal,
    }),
  assignTenant: (id: string, body: AssignTenantInput) =>
    api.post<ApiOk<RentalUnitUserDto>>(`/rental-units/${id}/tenants`, body),
  updateTenant: (id: string, tenantId: string, body: UpdateTenantAssignmentBody) =>
    api.put<ApiOk<RentalUnitUserDto>>(`/rental-units/${id}/tenants/${tenantId}`, body),
  removeTenant: (id: string, tenantId: string) =>
    api.delete<ApiOk<unknown>>(`/rental-units/${id}/tenants/${tenantId}`),
  analytics: (id: string, signal?: AbortSignal) =>
    api.getData<UnitAnalyticsDto>(`/rental-units/${id}/analytics`, { signal }),
  queue: (query: Partial<VerificationQueueQuery>, signal?: AbortSignal) =>
    api.get<ApiList<RentalUnitQueueItem>>('/rental-units/verification-queue', {
      query: { ...query },
      signal,
    }),
  setVerification: (id: string, body: VerificationStatusBody) =>
    api.put<ApiOk<RentalUnitDto>>(`/rental-units/${id}/verification-status`, body),
};

export function usePropertyUnits(propertyId: string | undefined, query: UnitListFilters) {
  return useQuery({
    queryKey: unitKeys.ofProperty(propertyId ?? '', query),
    queryFn: ({ signal }) => unitsApi.ofProperty(propertyId ?? '', query, signal),
    placeholderData: keepPreviousData,
    enabled: Boolean(propertyId),
  });
}

export function useUnits(query: UnitListFilters & { propertyId?: string }, enabled = true) {
  return useQuery({
    queryKey: unitKeys.list(query),
    queryFn: ({ signal }) => unitsApi.list(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useRentalUnit(id: string | undefined) {
  return useQuery({
    queryKey: unitKeys.detail(id ?? ''),
    queryFn: ({ signal }) => unitsApi.get(id ?? '', signal),
    enabled: Boolean(id),
  });
}

/** A unit changed: keep its detail, refresh the lists and its property's occupancy. */
export function applyUnitChange(queryClient: QueryClient, unit: RentalUnitDto): void {
  queryClient.setQueryData(unitKeys.detail(unit._id), unit);
  void queryClient.invalidateQueries({ queryKey: unitKeys.lists });
  void queryClient.invalidateQueries({ queryKey: propertyKeys.detail(unit.propertyId) });
  void queryClient.invalidateQueries({ queryKey: propertyKeys.lists });
}

export function useCreateUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unitsApi.create,
    onSuccess: (answer) => {
      applyUnitChange(queryClient, answer.data);
      void queryClient.invalidateQueries({ queryKey: authKeys.permissionContext });
      toast.success('Unit created', `Unit ${answer.data.unitNumber}`);
    },
    onError: (error) => toast.apiError(error, 'Failed to create unit'),
  });
}

export function useUpdateUnit(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RentalUnitUpdateBody) => unitsApi.update(id, body),
    onSuccess: (answer) => {
      applyUnitChange(queryClient, answer.data);
      toast.success('Unit updated', `Unit ${answer.data.unitNumber}`);
    },
    onError: (error) => toast.apiError(error, 'Failed to update unit'),
  });
}

export function useSetUnitStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: UnitStatus }) => unitsApi.update(id, { status }),
    onSuccess: (answer) => {
      applyUnitChange(queryClient, answer.data);
      toast.success('Status changed', `Unit ${answer.data.unitNumber}: ${answer.data.derived.displayStatus}`);
    },
    onError: (error) => toast.apiError(error, 'Failed to update unit'),
  });
}

export function useDeleteUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (unit: Pick<RentalUnitDto, '_id' | 'unitNumber' | 'propertyId'>) => unitsApi.remove(unit._id),
    onSuccess: (_answer, unit) => {
      queryClient.removeQueries({ queryKey: unitKeys.detail(unit._id) });
      void queryClient.invalidateQueries({ queryKey: unitKeys.lists });
      void queryClient.invalidateQueries({ queryKey: propertyKeys.detail(unit.propertyId) });
      void queryClient.invalidateQueries({ queryKey: propertyKeys.lists });
      void queryClient.invalidateQueries({ queryKey: authKeys.permissionContext });
      toast.success('Unit deleted', `Unit ${unit.unitNumber}`);
    },
    onError: (error) => toast.apiError(error, 'Failed to delete unit'),
  });
}

export function useSetAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isAvailable }: { id: string; isAvailable: boolean }) =>
      unitsApi.setAvailability(id, isAvailable),
    onSuccess: (answer) => {
      applyUnitChange(queryClient, answer.data);
      toast.success(
        answer.data.availability.isAvailable ? 'Unit marked available' : 'Unit marked not available',
        `Unit ${answer.data.unitNumber}`,
      );
    },
    onError: (error) => toast.apiError(error, 'Failed to update unit'),
  });
}

export function useUploadUnitImages(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ files, onProgress }: { files: File[]; onProgress?: (percent: number) => void }) =>
      unitsApi.uploadImages(id, files, onProgress),
    onSuccess: (answer, { files }) => {
      applyUnitChange(queryClient, answer.data);
      toast.success(files.length === 1 ? 'Image uploaded' : `${files.length} images uploaded`);
    },
    onError: (error) => toast.apiError(error, INVENTORY_MESSAGES.uploadImages),
  });
}

export function useSetPrimaryImage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageId: string) => unitsApi.updateImage(id, imageId, { isPrimary: true }),
    onSuccess: (answer) => {
      applyUnitChange(queryClient, answer.data);
      toast.success('Primary image set');
    },
    onError: (error) => toast.apiError(error, 'Failed to update image'),
  });
}

export function useDeleteImage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageId: string) => unitsApi.deleteImage(id, imageId),
    onSuccess: (answer) => {
      applyUnitChange(queryClient, answer.data);
      toast.success('Image deleted');
    },
    onError: (error) => toast.apiError(error, INVENTORY_MESSAGES.deleteImage),
  });
}

export function useUnitTenants(id: string | undefined, type: TenantListType = 'current') {
  return useQuery({
    queryKey: unitKeys.tenants(id ?? '', type),
    queryFn: ({ signal }) => unitsApi.tenants(id ?? '', type, signal),
    enabled: Boolean(id),
  });
}

function useRefreshTenants(id: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['rental-units', 'tenants', id] });
    void queryClient.invalidateQueries({ queryKey: unitKeys.detail(id) });
    void queryClient.invalidateQueries({ queryKey: unitKeys.analytics(id) });
    void queryClient.invalidateQueries({ queryKey: unitKeys.lists });
    void queryClient.invalidateQueries({ queryKey: propertyKeys.all });
  };
}

export function useAssignTenant(id: string) {
  const refresh = useRefreshTenants(id);
  return useMutation({
    mutationFn: (body: AssignTenantInput) => unitsApi.assignTenant(id, body),
    onSuccess: (answer) => {
      refresh();
      toast.success('Tenant assigned', `${answer.data.user.firstName} ${answer.data.user.lastName}`);
    },
    onError: (error) => toast.apiError(error, 'Failed to assign tenant'),
  });
}

export function useMoveOutTenant(id: string) {
  const refresh = useRefreshTenants(id);
  return useMutation({
    mutationFn: (tenant: RentalUnitUserDto) => unitsApi.updateTenant(id, tenant._id, { status: 'past' }),
    onSuccess: (_answer, tenant) => {
      refresh();
      toast.success('Tenant moved out', `${tenant.user.firstName} ${tenant.user.lastName}`);
    },
    onError: (error) => toast.apiError(error, 'Failed to update tenant'),
  });
}

export function useUnitAnalytics(id: string | undefined) {
  return useQuery({
    queryKey: unitKeys.analytics(id ?? ''),
    queryFn: ({ signal }) => unitsApi.analytics(id ?? '', signal),
    enabled: Boolean(id),
  });
}

export function useUnitVerificationQueue(query: Partial<VerificationQueueQuery>, enabled = true) {
  return useQuery({
    queryKey: unitKeys.queue(query),
    queryFn: ({ signal }) => unitsApi.queue(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useSetUnitVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: VerificationStatusBody }) =>
      unitsApi.setVerification(id, body),
    onSuccess: (answer, { body }) => {
      queryClient.setQueryData(unitKeys.detail(answer.data._id), answer.data);
      void queryClient.invalidateQueries({ queryKey: unitKeys.all });
      toast.success(
        body.status === 'verified'
          ? 'Unit verified'
          : body.status === 'rejected'
            ? 'Unit rejected'
            : 'Unit moved back to review',
        `Unit ${answer.data.unitNumber} · ${answer.data.property.name}`,
      );
    },
    onError: (error) => toast.apiError(error, 'Failed to update unit'),
  });
}
