import type {
  RentalUnitDto,
  TemplateCreateBody,
  TemplateDto,
  TemplateListQuery,
  TemplateUpdateBody,
  UseTemplateBody,
} from '@rentora/shared';
import { PAGE_SIZES } from '@rentora/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiList, type ApiOk, api, type QueryParams } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { authKeys } from '../auth/auth.api';
import { applyUnitChange } from '../rental-units/rental-units.api';

export type TemplateListFilters = Partial<
  Pick<
    TemplateListQuery,
    'page' | 'limit' | 'sortBy' | 'sortOrder' | 'search' | 'unitType' | 'includeGlobal' | 'globalOnly'
  >
>;

export const templateKeys = {
  all: ['rental-unit-templates'] as const,
  lists: ['rental-unit-templates', 'list'] as const,
  list: (query: TemplateListFilters) => ['rental-unit-templates', 'list', query] as const,
  popular: (limit: number) => ['rental-unit-templates', 'popular', limit] as const,
  detail: (id: string) => ['rental-unit-templates', 'detail', id] as const,
};

function templateParams(query: TemplateListFilters): QueryParams {
  return {
    page: query.page,
    limit: query.limit,
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
    search: query.search,
    unitType: query.unitType,
    includeGlobal: query.includeGlobal,
    globalOnly: query.globalOnly,
  };
}

export const templatesApi = {
  list: (query: TemplateListFilters, signal?: AbortSignal) =>
    api.get<ApiList<TemplateDto>>('/rental-unit-templates', { query: templateParams(query), signal }),
  popular: (limit: number, signal?: AbortSignal) =>
    api.getData<TemplateDto[]>('/rental-unit-templates/popular', { query: { limit }, signal }),
  get: (id: string, signal?: AbortSignal) =>
    api.getData<TemplateDto>(`/rental-unit-templates/${id}`, { signal }),
  create: (body: TemplateCreateBody) => api.post<ApiOk<TemplateDto>>('/rental-unit-templates', body),
  update: (id: string, body: TemplateUpdateBody) =>
    api.put<ApiOk<TemplateDto>>(`/rental-unit-templates/${id}`, body),
  remove: (id: string) => api.delete<ApiOk<null>>(`/rental-unit-templates/${id}`),
  fromUnit: (unitId: string, body: { name?: string; description?: string }) =>
    api.post<ApiOk<TemplateDto>>(`/rental-units/${unitId}/template`, body),
  use: (id: string, body: UseTemplateBody) =>
    api.post<ApiOk<{ unit: RentalUnitDto; template: TemplateDto }>>(`/rental-unit-templates/${id}/use`, body),
};

/** 20 per page, most used first, global templates included (spec 02 §3, §9). */
export function useTemplates(query: TemplateListFilters, enabled = true) {
  return useQuery({
    queryKey: templateKeys.list(query),
    queryFn: ({ signal }) => templatesApi.list(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function usePopularTemplates(limit: number = PAGE_SIZES.popularTemplates, enabled = true) {
  return useQuery({
    queryKey: templateKeys.popular(limit),
    queryFn: ({ signal }) => templatesApi.popular(limit, signal),
    enabled,
  });
}

function useRefreshTemplates() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: templateKeys.all });
}

export function useCreateTemplate() {
  const refresh = useRefreshTemplates();
  return useMutation({
    mutationFn: templatesApi.create,
    onSuccess: (answer) => {
      refresh();
      toast.success('Template created', answer.data.name);
    },
    onError: (error) => toast.apiError(error, 'Failed to create template'),
  });
}

export function useUpdateTemplate(id: string) {
  const refresh = useRefreshTemplates();
  return useMutation({
    mutationFn: (body: TemplateUpdateBody) => templatesApi.update(id, body),
    onSuccess: (answer) => {
      refresh();
      toast.success('Template updated', answer.data.name);
    },
    onError: (error) => toast.apiError(error, 'Failed to update template'),
  });
}

export function useDeleteTemplate() {
  const refresh = useRefreshTemplates();
  return useMutation({
    mutationFn: (template: Pick<TemplateDto, '_id' | 'name'>) => templatesApi.remove(template._id),
    onSuccess: (_answer, template) => {
      refresh();
      toast.success('Template deleted', template.name);
    },
    onError: (error) => toast.apiError(error, 'Failed to delete template'),
  });
}

export function useTemplateFromUnit() {
  const refresh = useRefreshTemplates();
  return useMutation({
    mutationFn: ({ unitId, name }: { unitId: string; name?: string }) =>
      templatesApi.fromUnit(unitId, name ? { name } : {}),
    onSuccess: (answer) => {
      refresh();
      toast.success('Template saved', answer.data.name);
    },
    onError: (error) => toast.apiError(error, 'Failed to create template'),
  });
}

/** Creates a unit from a template (counts as a use and against the plan's unit limit). */
export function useUseTemplate() {
  const queryClient = useQueryClient();
  const refresh = useRefreshTemplates();
  return useMutation({
    mutationFn: ({ templateId, body }: { templateId: string; body: UseTemplateBody }) =>
      templatesApi.use(templateId, body),
    onSuccess: (answer) => {
      applyUnitChange(queryClient, answer.data.unit);
      void queryClient.invalidateQueries({ queryKey: authKeys.permissionContext });
      refresh();
      toast.success(
        'Unit created from template',
        `Unit ${answer.data.unit.unitNumber} · ${answer.data.template.name}`,
      );
    },
    onError: (error) => toast.apiError(error, 'Failed to create unit'),
  });
}
