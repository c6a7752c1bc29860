import {
  canMoveMaintenance,
  formatRequestNumber,
  MAINTENANCE_STATUSES,
  type MaintenanceCommentDto,
  type MaintenanceEventDto,
  type MaintenanceMediaDto,
  type MaintenancePublicEventDto,
  type MaintenancePublicRequestDto,
  type MaintenanceRequestDto,
  type MaintenanceRequestListItemDto,
  type MaintenanceStatus,
  OPEN_MAINTENANCE_STATUSES,
  type PersonSummary,
} from '@rentora/shared';
import { iso, isoOrNull } from '../../core/http';
import type { MediaSigner } from '../../core/media';
import type { EventRow, MediaRow, RequestJoinedRow, RequestListRow, RequestRow } from './maintenance.repo';

export function isOverdue(row: Pick<RequestRow, 'status' | 'dueAt'>, now = new Date()): boolean {
  return Boolean(row.dueAt && row.dueAt < now && OPEN_MAINTENANCE_STATUSES.includes(row.status));
}

function base(joined: RequestListRow, now: Date) {
  const row = joined.request;
  return {
    _id: row.id,
    requestNumber: formatRequestNumber(row.number),
    company: row.companyId,
    title: row.title,
    description: row.description,
    type:
      row.typeId && joined.typeName
        ? { _id: row.typeId, name: joined.typeName, key: joined.typeKey ?? '' }
        : null,
    priority: row.priority,
    status: row.status,
    source: row.source,
    property: { _id: row.propertyId, name: joined.propertyName },
    rentalUnit:
      row.rentalUnitId && joined.unitNumber ? { _id: row.rentalUnitId, unitNumber: joined.unitNumber } : null,
    dueDate: isoOrNull(row.dueAt),
    overdue: isOverdue(row, now),
    resolvedAt: isoOrNull(row.resolvedAt),
    closedAt: isoOrNull(row.closedAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

function assigneeOf(joined: RequestListRow): PersonSummary | null {
  const id = joined.request.assigneeId;
  if (!id) return null;
  return {
    _id: id,
    name: `${joined.assigneeFirstName ?? ''} ${joined.assigneeLastName ?? ''}`.trim() || 'Former member',
    email: joined.assigneeEmail ?? '',
  };
}

/**
 * The DTOs add their fields to `base` with Object.assign: on Node 20 a literal that starts with a spread and adds
 * fields (`{ ...base(joined, now), assignee }`) cost 8 µs an object, most of a list page's mapping.
 */
export function toListItemDto(joined: RequestListRow, now = new Date()): MaintenanceRequestListItemDto {
  const row = joined.request;
  return Object.assign(base(joined, now), {
    assignee: assigneeOf(joined),
    requester: { type: row.requesterType, userId: row.requesterUserId, name: row.requesterName },
    commentsCount: joined.commentsCount,
    mediaCount: joined.mediaCount,
  });
}

function authorOf(event: EventRow): MaintenanceCommentDto['author'] {
  return { type: event.authorType, userId: event.authorUserId, name: event.authorName };
}

function toCommentDto(event: EventRow): MaintenanceCommentDto {
  return { _id: event.id, text: event.body ?? '', author: authorOf(event), createdAt: iso(event.createdAt) };
}

const asStatus = (value: string | null): MaintenanceStatus | null =>
  value && (MAINTENANCE_STATUSES as readonly string[]).includes(value) ? (value as MaintenanceStatus) : null;

function toEventDto(event: EventRow): MaintenanceEventDto {
  return {
    _id: event.id,
    kind: event.kind,
    visibility: event.visibility,
    author: authorOf(event),
    text: event.body,
    fromStatus: asStatus(event.fromStatus),
    toStatus: asStatus(event.toStatus),
    data: event.data ?? null,
    createdAt: iso(event.createdAt),
  };
}

/**
 * The public view of a timeline entry: internal rows are dropped by the caller's query already, and this drops
 * again anything internal plus the (staff-only) notes of status changes.
 */
export function toPublicEvents(events: readonly EventRow[]): MaintenancePublicEventDto[] {
  return events
    .filter((event) => event.visibility === 'public' && event.kind !== 'note')
    .map((event) => ({
      _id: event.id,
      kind: event.kind,
      author: authorOf(event),
      text: event.kind === 'comment' ? event.body : null,
      fromStatus: asStatus(event.fromStatus),
      toStatus: asStatus(event.toStatus),
      createdAt: iso(event.createdAt),
    }));
}

export function toMediaDto(row: MediaRow, signer: MediaSigner, now = new Date()): MaintenanceMediaDto {
  return {
    _id: row.id,
    kind: row.kind,
    url: signer.url(row.id, now),
    mimeType: row.mimeType,
    size: row.size,
    fileName: row.fileName,
    uploadedAt: iso(row.createdAt),
  };
}

export function allowedStatuses(row: Pick<RequestRow, 'status' | 'assigneeId'>): MaintenanceStatus[] {
  return MAINTENANCE_STATUSES.filter(
    (status) => canMoveMaintenance(row.status, status) && (status !== 'assigned' || row.assigneeId !== null),
  );
}

export function toRequestDto(
  joined: RequestJoinedRow,
  parts: {
    events: readonly EventRow[];
    media: readonly MediaRow[];
    watchers: PersonSummary[];
    signer: MediaSigner;
  },
  now = new Date(),
): MaintenanceRequestDto {
  const row = joined.request;
  return Object.assign(toListItemDto(joined, now), {
    requester: {
      type: row.requesterType,
      userId: row.requesterUserId,
      name: row.requesterName,
      email: row.requesterEmail,
      phone: row.requesterPhone,
    },
    watchers: parts.watchers,
    comments: parts.events.filter((e) => e.kind === 'comment' && e.visibility === 'public').map(toCommentDto),
    internalNotes: parts.events.filter((e) => e.kind === 'note').map(toCommentDto),
    media: parts.media.map((m) => toMediaDto(m, parts.signer, now)),
    timeline: parts.events.map(toEventDto),
    allowedStatuses: allowedStatuses(row),
  });
}

/** Tenants, assignee portals: never internal notes, never status notes. */
export function toPublicRequestDto(
  joined: RequestListRow,
  parts: { events: readonly EventRow[]; media: readonly MediaRow[]; signer: MediaSigner },
  now = new Date(),
): MaintenancePublicRequestDto {
  const assignee = assigneeOf(joined);
  return Object.assign(base(joined, now), {
    assignee: assignee ? { _id: assignee._id, name: assignee.name } : null,
    comments: parts.events.filter((e) => e.kind === 'comment' && e.visibility === 'public').map(toCommentDto),
    media: parts.media.map((m) => toMediaDto(m, parts.signer, now)),
    timeline: toPublicEvents(parts.events),
  });
}

export { toCommentDto };
