import { z } from 'zod';

// Maintenance requests: their priorities, statuses and sources, the lifecycle between statuses, labels, the messages
// the screens show, and the media a request may carry. Types, assignments, requests and portals have their own files.

export const MAINTENANCE_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export const MAINTENANCE_STATUSES = [
  'open',
  'assigned',
  'in_progress',
  'on_hold',
  'resolved',
  'closed',
  'cancelled',
] as const;
export const MAINTENANCE_SOURCES = ['staff', 'tenant', 'public', 'assignee_portal'] as const;
export const ASSIGNMENT_STRATEGIES = ['round_robin', 'least_open'] as const;

export const ZMaintenancePriority = z.enum(MAINTENANCE_PRIORITIES);
export const ZMaintenanceStatus = z.enum(MAINTENANCE_STATUSES);
export const ZMaintenanceSource = z.enum(MAINTENANCE_SOURCES);
export type MaintenancePriority = z.infer<typeof ZMaintenancePriority>;
export type MaintenanceStatus = z.infer<typeof ZMaintenanceStatus>;
export type MaintenanceSource = z.infer<typeof ZMaintenanceSource>;

/** Statuses in which a request still needs work (and can become overdue). */
export const OPEN_MAINTENANCE_STATUSES: readonly MaintenanceStatus[] = [
  'open',
  'assigned',
  'in_progress',
  'on_hold',
];

/** open → assigned → in_progress ↔ on_hold → resolved → closed; cancelled; reopen from resolved. */
export const MAINTENANCE_TRANSITIONS: Record<MaintenanceStatus, readonly MaintenanceStatus[]> = {
  open: ['assigned', 'in_progress', 'cancelled'],
  assigned: ['open', 'in_progress', 'on_hold', 'cancelled'],
  in_progress: ['on_hold', 'resolved', 'cancelled'],
  on_hold: ['in_progress', 'cancelled'],
  resolved: ['closed', 'in_progress'],
  closed: [],
  cancelled: [],
};

/** What an assignee may set from the portal. */
export const PORTAL_STATUSES = ['in_progress', 'on_hold', 'resolved'] as const;

export function canMoveMaintenance(from: MaintenanceStatus, to: MaintenanceStatus): boolean {
  return MAINTENANCE_TRANSITIONS[from].includes(to);
}

export const MAINTENANCE_STATUS_LABELS: Record<MaintenanceStatus, string> = {
  open: 'Open',
  assigned: 'Assigned',
  in_progress: 'In progress',
  on_hold: 'On hold',
  resolved: 'Resolved',
  closed: 'Closed',
  cancelled: 'Cancelled',
};
export const MAINTENANCE_PRIORITY_LABELS: Record<MaintenancePriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

export function formatRequestNumber(number: number): string {
  return `MR-${String(number).padStart(6, '0')}`;
}

/** The success messages of the maintenance configuration screens. */
export const MAINTENANCE_MESSAGES = {
  typeCreated: 'Maintenance type created successfully',
  typeUpdated: 'Maintenance type updated successfully',
  typeDeleted: 'Maintenance type deleted successfully',
  typeActivated: 'Maintenance type activated successfully',
  typeDeactivated: 'Maintenance type deactivated successfully',
  defaultsCreated: 'Default maintenance types created successfully',
  assignmentSaved: 'Assignment saved successfully',
  settingsUpdated: 'Settings updated successfully',
  assigneeAdded: 'Assignee added successfully',
  assigneeRemoved: 'Assignee removed successfully',
  assigneeStatusUpdated: 'Assignee status updated successfully',
  watcherAdded: 'Watcher added successfully',
  watcherRemoved: 'Watcher removed successfully',
} as const;

/** Fallbacks shown when the server sends no error text. */
export const MAINTENANCE_FALLBACKS = {
  createRequest: 'Failed to create maintenance request',
  fetchRequests: 'Failed to fetch maintenance requests',
  fetchRequest: 'Failed to fetch maintenance request',
  updateRequest: 'Failed to update maintenance request',
  assignRequest: 'Failed to assign maintenance request',
  updateStatus: 'Failed to update request status',
  addComment: 'Failed to add comment',
  addNote: 'Failed to add internal note',
  addMedia: 'Failed to add media',
  fetchStats: 'Failed to fetch maintenance statistics',
  fetchTypes: 'Failed to fetch maintenance types',
  fetchType: 'Failed to fetch maintenance type',
  createType: 'Failed to create maintenance type',
  updateType: 'Failed to update maintenance type',
  deleteType: 'Failed to delete maintenance type',
  toggleType: 'Failed to toggle maintenance type',
  createDefaults: 'Failed to create default maintenance types',
  fetchAssignments: 'Failed to fetch maintenance assignments',
  fetchAssignmentByType: 'Failed to fetch assignment by type',
  saveAssignment: 'Failed to create/update assignment',
  updateSettings: 'Failed to update assignment settings',
  addAssignee: 'Failed to add assignee',
  removeAssignee: 'Failed to remove assignee',
  updateAssigneeStatus: 'Failed to update assignee status',
  addWatcher: 'Failed to add watcher',
  removeWatcher: 'Failed to remove watcher',
  fetchAvailableUsers: 'Failed to fetch available assignees',
} as const;

/** Media: images, short videos and PDFs, told by their bytes. */
export const MAINTENANCE_MEDIA_UPLOAD = {
  field: 'media',
  maxBytes: 20 * 1024 * 1024,
  maxFilesPerRequest: 5,
  maxPerRequest: 30,
  mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'video/mp4', 'video/webm', 'application/pdf'] as const,
} as const;

/** Trimmed text of at most `max` characters. */
export const ZText = (max: number) => z.string().trim().max(max);
/** An id or a type key (slug). */
export const ZTypeRef = z
  .string()
  .trim()
  .min(1, 'Choose a maintenance type')
  .max(60)
  .regex(/^[a-z0-9-]+$/i, 'Must be a type id or key');
