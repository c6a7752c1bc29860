import type {
  ImageUpdateBody,
  InventoryPagination,
  PropertyCreateBody,
  PropertyDto,
  PropertyListQuery,
  PropertyQueueItemDto,
  PropertyUpdateBody,
  VerificationQueueQuery,
  VerificationStatusBody,
} from '@rentora/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiList, type ApiOk, api, type QueryParams } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { authKeys } from '../auth/auth.api';
import { uploadImages } from '../rental-units/upload-images';
import { INVENTORY_MESSAGES } from './messages';

/** Query keys of the properties domain (company-scoped: a company switch removes them). */
export const propertyKeys = {
  all: ['properties'] as const,
  lists: ['properties', 'list'] as const,
  list: (query: PropertyListFilters) => ['properties', 'list', query] as const,
  detail: (id: string) => ['properties', 'detail', id] as const,
  queue: (query: Partial<VerificationQueueQuery>) => ['properties', 'verification-queue', query] as const,
};

export interface InventoryList<T> {
  success: true;
  data: T[];
  pagination: InventoryPagination;
}

/** The list filters the screens send (the query schema's input, all optional). */
export type PropertyListFilters = Partial<
  Pick<
    PropertyListQuery,
    'page' | 'limit' | 'sortBy' | 'sortOrder' | 'verificationStatus' | 'propertyType' | 'city' | 'search'
  >
> & { isListed?: boolean };

function listParams(query: PropertyListFilters): QueryParams {
  return {
    page: query.page,
    limit: query.limit,
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
    verificationStatus: query.verificationStatus,
    propertyType: query.propertyType,
    city: query.city,
    search: query.search,
    isListed: query.isListed,
  };
}

export const propertiesApi = {
  /** With a search term, GET /properties/search (q plus the same filters); else GET /properties. */
  list: (query: PropertyListFilters, signal?: AbortSignal) =>
    query.search
      ? api.get<InventoryList<PropertyDto>>('/properties/search', {
          query: { ...listParams(query), search: undefined, q: query.search },
          signal,
        })
      : api.get<InventoryList<PropertyDto>>('/properties', { query: listParams(query), signal }),
  get: (id: string, signal?: AbortSignal) => api.getData<PropertyDto>(`/properties/${id}`, { signal }),
  create: (body: PropertyCreateBody) => api.post<ApiOk<PropertyDto>>('/properties', body),
  update: (id: string, body: PropertyUpdateBody) => api.put<ApiOk<PropertyDto>>(`/properties/${id}`, body),
  remove: (id: string) => api.delete<ApiOk<null>>(`/properties/${id}`),
  queue: (query: Partial<VerificationQueueQuery>, signal?: AbortSignal) =>
    api.get<ApiList<PropertyQueueItemDto>>('/properties/verification-queue', { query: { ...query }, signal }),
  setVerification: (id: string, body: VerificationStatusBody) =>
    api.patch<ApiOk<PropertyDto>>(`/properties/${id}/verification-status`, body),
  uploadPhotos: (id: string, files: readonly File[], onProgress?: (percent: number) => void) =>
    uploadImages<ApiOk<PropertyDto>>(`/properties/${id}/photos`, { files, onProgress }),
  updatePhoto: (id: string, photoId: string, body: ImageUpdateBody) =>
    api.patch<ApiOk<PropertyDto>>(`/properties/${id}/photos/${photoId}`, body),
  deletePhoto: (id: string, photoId: string) =>
    api.delete<ApiOk<PropertyDto>>(`/properties/${id}/photos/${photoId}`),
};

export function useProperties(query: PropertyListFilters, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: propertyKeys.list(query),
    queryFn: ({ signal }) => propertiesApi.list(query, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

export function useProperty(id: string | undefined) {
  return useQuery({
    queryKey: propertyKeys.detail(id ?? ''),
    queryFn: ({ signal }) => propertiesApi.get(id ?? '', signal),
    enabled: Boolean(id),
  });
}

/** Plan usage lives in the permission context: refresh it after a create or delete. */
function useRefreshUsage() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: authKeys.permissionContext });
}

export function useCreateProperty() {
  const queryClient = useQueryClient();
  const refreshUsage = useRefreshUsage();
  return useMutation({
    mutationFn: propertiesApi.create,
    onSuccess: (answer) => {
      queryClient.setQueryData(propertyKeys.detail(answer.data._id), answer.data);
      void queryClient.invalidateQueries({ queryKey: propertyKeys.lists });
      refreshUsage();
      toast.success('Property created', answer.data.name);
    },
    onError: (error) => toast.apiError(error, INVENTORY_MESSAGES.createProperty),
  });
}

export function useUpdateProperty(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PropertyUpdateBody) => propertiesApi.update(id, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(propertyKeys.detail(id), answer.data);
      void queryClient.invalidateQueries({ queryKey: propertyKeys.lists });
      toast.success('Property updated', answer.data.name);
    },
    onError: (error) => toast.apiError(error, INVENTORY_MESSAGES.updateProperty),
  });
}

export function useDeleteProperty() {
  const queryClient = useQueryClient();
  const refreshUsage = useRefreshUsage();
  return useMutation({
    mutationFn: (property: Pick<PropertyDto, '_id' | 'name'>) => propertiesApi.remove(property._id),
    onSuccess: (_answer, property) => {
      queryClient.removeQueries({ queryKey: propertyKeys.detail(property._id) });
      void queryClient.invalidateQueries({ queryKey: propertyKeys.lists });
      void queryClient.invalidateQueries({ queryKey: ['rental-units'] });
      refreshUsage();
      toast.success('Property deleted', property.name);
    },
    onError: (error) => toast.apiError(error, INVENTORY_MESSAGES.deleteProperty),
  });
}

/** Super admin: properties waiting for (or past) verification, across companies. */
export function usePropertyVerificationQueue(query: Partial<VerificationQueueQuery>, enabled = true) {
  return useQuery({
    queryKey: propertyKeys.queue(query),
    queryFn: ({ signal }) => propertiesApi.queue(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useSetPropertyVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: VerificationStatusBody }) =>
      propertiesApi.setVerification(id, body),
    onSuccess: (answer, { body }) => {
      queryClient.setQueryData(propertyKeys.detail(answer.data._id), answer.data);
      void queryClient.invalidateQueries({ queryKey: propertyKeys.all });
      toast.success(
        body.status === 'verified'
          ? 'Property verified'
          : body.status === 'rejected'
            ? 'Property rejected'
            : 'Property moved back to review',
        answer.data.name,
      );
    },
    onError: (error) => toast.apiError(error, INVENTORY_MESSAGES.updateProperty),
  });
}

function usePhotoChange(id: string) {
  const queryClient = useQueryClient();
  return (property: PropertyDto) => {
    queryClient.setQueryData(propertyKeys.detail(id), property);
    void queryClient.invalidateQueries({ queryKey: propertyKeys.lists });
  };
}

/** POST /properties/:id/photos (multipart, with progress). */
export function useUploadPropertyPhotos(id: string) {
  const applyChange = usePhotoChange(id);
  return useMutation({
    mutationFn: ({ files, onProgress }: { files: File[]; onProgress?: (percent: number) => void }) =>
      propertiesApi.uploadPhotos(id, files, onProgress),
    onSuccess: (answer, { files }) => {
      applyChange(answer.data);
      toast.success(files.length === 1 ? 'Photo uploaded' : `${files.length} photos uploaded`);
    },
    onError: (error) => toast.apiError(error, INVENTORY_MESSAGES.uploadImages),
  });
}

export function useSetPrimaryPhoto(id: string) {
  const applyChange = usePhotoChange(id);
  return useMutation({
    mutationFn: (photoId: string) => propertiesApi.updatePhoto(id, photoId, { isPrimary: true }),
    onSuccess: (answer) => {
      applyChange(answer.data);
      toast.success('Cover photo set');
    },
    onError: (error) => toast.apiError(error, INVENTORY_MESSAGES.updateProperty),
  });
}

export function useDeletePropertyPhoto(id: string) {
  const applyChange = usePhotoChange(id);
  return useMutation({
    mutationFn: (photoId: string) => propertiesApi.deletePhoto(id, photoId),
    onSuccess: (answer) => {
      applyChange(answer.data);
      toast.success('Photo deleted');
    },
    onError: (error) => toast.apiError(error, INVENTORY_MESSAGES.deleteImage),
  });
}
