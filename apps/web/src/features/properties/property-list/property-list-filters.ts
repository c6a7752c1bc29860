import {
  PROPERTY_TYPES,
  type PropertyType,
  VERIFICATION_STATUSES,
  type VerificationStatus,
} from '@rentora/shared';

export const FILTER_KEYS = ['search', 'type', 'status', 'city', 'sort', 'view'] as const;

export const VIEW_STORAGE_KEY = 'rentora.propertiesView';

export const SORTS = {
  newest: { label: 'Newest first', sortBy: 'createdAt', sortOrder: 'desc' },
  oldest: { label: 'Oldest first', sortBy: 'createdAt', sortOrder: 'asc' },
  updated: { label: 'Recently updated', sortBy: 'updatedAt', sortOrder: 'desc' },
  'name-asc': { label: 'Name A–Z', sortBy: 'name', sortOrder: 'asc' },
  'name-desc': { label: 'Name Z–A', sortBy: 'name', sortOrder: 'desc' },
} as const satisfies Record<
  string,
  { label: string; sortBy: 'createdAt' | 'updatedAt' | 'name'; sortOrder: 'asc' | 'desc' }
>;

export type SortKey = keyof typeof SORTS;

export type ViewMode = 'cards' | 'table';

export function isPropertyType(value: string): value is PropertyType {
  return (PROPERTY_TYPES as readonly string[]).includes(value);
}

export function isVerificationStatus(value: string): value is VerificationStatus {
  return (VERIFICATION_STATUSES as readonly string[]).includes(value);
}

export function isSortKey(value: string): value is SortKey {
  return value in SORTS;
}

export function storedView(): ViewMode {
  try {
    return localStorage.getItem(VIEW_STORAGE_KEY) === 'table' ? 'table' : 'cards';
  } catch {
    return 'cards';
  }
}
