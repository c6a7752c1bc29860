import { z } from 'zod';
import { PAGE_SIZES } from '../constants';
import { ZEmail, ZId, ZIsoDate, ZName, ZPhone, zQueryArray } from './common';
import { ZMaintenancePriority, ZMaintenanceStatus, ZText, ZTypeRef } from './maintenance';
import {
  ZMaintenanceCommentDto,
  ZMaintenancePublicEventDto,
  ZMaintenancePublicRequestDto,
} from './maintenance-requests';

// Requests from outside the dashboard: assignee codes and portal, public ticket forms, tenants, the tenant portal.

// ---------- Assignee codes and the portal ----------

export const ZAssigneeCodeDto = z.object({
  assigneeCode: z.string(),
  userId: ZId,
  companyId: ZId,
  portalUrl: z.string(),
  createdAt: ZIsoDate,
});
export type AssigneeCodeDto = z.infer<typeof ZAssigneeCodeDto>;

export const ZAssigneeCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{8,64}$/, 'Invalid assignee code');
export const ZPortalParams = z.object({ code: ZAssigneeCode });
export const ZPortalRequestParams = z.object({ code: ZAssigneeCode, id: ZId });

export const ZAssigneePortalDto = z.object({
  assignee: z.object({ _id: ZId, name: z.string() }),
  company: z.object({ _id: ZId, name: z.string() }),
  open: z.array(ZMaintenancePublicRequestDto),
  recent: z.array(ZMaintenancePublicRequestDto),
});
export type AssigneePortalDto = z.infer<typeof ZAssigneePortalDto>;

// ---------- Public ticket forms ----------

export const ZTicketFormDto = z.object({
  _id: ZId,
  company: ZId,
  name: z.string(),
  enabled: z.boolean(),
  propertyIds: z.array(ZId),
  typeIds: z.array(ZId),
  intro: z.string(),
  publicUrl: z.string(),
  ticketCount: z.number().int(),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
});
export type TicketFormDto = z.infer<typeof ZTicketFormDto>;

export const ZTicketFormBody = z.object({
  name: ZName,
  enabled: z.boolean().default(true),
  propertyIds: z.array(ZId).min(1, 'Choose at least one property').max(200),
  typeIds: z.array(ZId).max(100).default([]),
  intro: ZText(1000).default(''),
});
export type TicketFormBody = z.infer<typeof ZTicketFormBody>;
export type TicketFormInput = z.input<typeof ZTicketFormBody>;
export const ZTicketFormUpdateBody = z.object({
  name: ZName.optional(),
  enabled: z.boolean().optional(),
  propertyIds: z.array(ZId).min(1, 'Choose at least one property').max(200).optional(),
  typeIds: z.array(ZId).max(100).optional(),
  intro: ZText(1000).optional(),
});
export type TicketFormUpdateBody = z.infer<typeof ZTicketFormUpdateBody>;

export const ZPublicTicketFormDto = z.object({
  _id: ZId,
  name: z.string(),
  intro: z.string(),
  companyName: z.string(),
  properties: z.array(
    z.object({
      _id: ZId,
      name: z.string(),
      city: z.string(),
      units: z.array(z.object({ _id: ZId, unitNumber: z.string() })),
    }),
  ),
  types: z.array(z.object({ _id: ZId, name: z.string(), key: z.string(), description: z.string() })),
});
export type PublicTicketFormDto = z.infer<typeof ZPublicTicketFormDto>;

export const ZFormIdParams = z.object({ formId: ZId });
export const ZTrackingParams = z.object({
  trackingToken: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, 'Invalid tracking link'),
});

export const ZPublicTicketBody = z.object({
  name: ZName,
  email: ZEmail,
  phone: ZPhone.optional(),
  propertyId: ZId,
  rentalUnitId: ZId.nullable().optional(),
  type: ZTypeRef,
  title: ZName.max(200),
  description: ZText(5000).default(''),
  /** Honeypot: people leave it empty; a filled one is treated as a bot. */
  website: z.string().max(200).optional(),
});
export type PublicTicketBody = z.infer<typeof ZPublicTicketBody>;
export type PublicTicketInput = z.input<typeof ZPublicTicketBody>;

export const ZPublicTicketCreatedDto = z.object({
  ticketNumber: z.string(),
  trackingToken: z.string(),
  trackingUrl: z.string(),
});
export type PublicTicketCreatedDto = z.infer<typeof ZPublicTicketCreatedDto>;

export const ZPublicTicketTrackingDto = z.object({
  ticketNumber: z.string(),
  title: z.string(),
  status: ZMaintenanceStatus,
  priority: ZMaintenancePriority,
  companyName: z.string(),
  propertyName: z.string(),
  unitNumber: z.string().nullable(),
  type: z.string().nullable(),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
  resolvedAt: ZIsoDate.nullable(),
  comments: z.array(ZMaintenanceCommentDto),
  timeline: z.array(ZMaintenancePublicEventDto),
});
export type PublicTicketTrackingDto = z.infer<typeof ZPublicTicketTrackingDto>;

// ---------- Tenant side ----------

export const ZTenantMaintenanceOptionsDto = z.object({
  units: z.array(
    z.object({
      tenantId: ZId,
      companyId: ZId,
      companyName: z.string(),
      propertyId: ZId,
      propertyName: z.string(),
      rentalUnitId: ZId,
      unitNumber: z.string(),
      types: z.array(z.object({ _id: ZId, name: z.string(), key: z.string() })),
    }),
  ),
});
export type TenantMaintenanceOptionsDto = z.infer<typeof ZTenantMaintenanceOptionsDto>;

export const ZTenantRequestCreateBody = z.object({
  rentalUnitId: ZId,
  type: ZTypeRef,
  title: ZName.max(200),
  description: ZText(5000).default(''),
  priority: ZMaintenancePriority.optional(),
});
export type TenantRequestCreateBody = z.infer<typeof ZTenantRequestCreateBody>;
export type TenantRequestCreateInput = z.input<typeof ZTenantRequestCreateBody>;

export const ZTenantRequestListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZES.max).default(PAGE_SIZES.maintenanceRequests),
  status: zQueryArray(ZMaintenanceStatus).optional(),
});

// ---------- Tenant portal by code ----------

export const ZTenantPortalCodeParams = z.object({
  tenantCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{4,40}$/, 'Invalid tenant code'),
});
export const ZTenantPortalRequestParams = ZTenantPortalCodeParams.extend({ id: ZId });
export const ZTenantPortalQuery = z.object({ companyId: ZId.optional() });
export const ZTenantPortalRequestBody = ZTenantRequestCreateBody.omit({ rentalUnitId: true });
export type TenantPortalRequestInput = z.input<typeof ZTenantPortalRequestBody>;

export const ZTenantPortalMaintenanceDto = z.object({
  tenant: z.object({ firstName: z.string() }),
  companyName: z.string(),
  propertyName: z.string(),
  unitNumber: z.string(),
  types: z.array(z.object({ _id: ZId, name: z.string(), key: z.string() })),
  requests: z.array(ZMaintenancePublicRequestDto),
});
export type TenantPortalMaintenanceDto = z.infer<typeof ZTenantPortalMaintenanceDto>;
