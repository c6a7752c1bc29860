import { z } from 'zod';
import { TENANT_DOCUMENT_TYPES, TENANT_STATUSES } from '../domain/tenants';
import { ZEmail, ZId, ZIsoDate, ZName, ZPhone, ZQueryBoolean, ZSortOrder, zQueryArray } from './common';
import { ZTenancyBillingBody, ZTenancyBillingDto } from './gst';
import { ZMoney, zQueryText } from './properties';
import { ZDateOnly } from './rental-units';

export const ZTenantStatus = z.enum(TENANT_STATUSES);
export const ZTenantDocumentType = z.enum(TENANT_DOCUMENT_TYPES);

export const TENANT_DOCUMENT_UPLOAD = {
  maxBytes: 10 * 1024 * 1024,
  mimeTypes: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const,
};

const ZRentDueDay = z.number().int().min(1, 'Use a day from 1 to 28').max(28, 'Use a day from 1 to 28');

export const ZTenantAgreement = z.object({
  rentAmount: ZMoney,
  maintenanceCharges: ZMoney.default(0),
  securityDeposit: ZMoney.default(0),
  rentDueDate: ZRentDueDay.default(1),
  leaseStartDate: ZDateOnly,
  leaseEndDate: ZDateOnly,
});

export const ZTenantPerson = z.object({
  email: ZEmail,
  firstName: ZName,
  lastName: ZName,
  phone: ZPhone.optional(),
});

/** POST /tenants */
export const ZTenantCreateBody = z
  .object({
    rentalUnitId: ZId,
    userId: z.union([ZId, ZTenantPerson]),
    occupancyDetails: z.object({ moveInDate: ZDateOnly }),
    agreementDetails: ZTenantAgreement,
    status: z.enum(['pending', 'active']).default('active'),
  })
  .refine((body) => body.agreementDetails.leaseEndDate > body.agreementDetails.leaseStartDate, {
    message: 'The lease must end after it starts',
    path: ['agreementDetails', 'leaseEndDate'],
  });
export type TenantCreateBody = z.infer<typeof ZTenantCreateBody>;
export type TenantCreateInput = z.input<typeof ZTenantCreateBody>;

/** PUT /tenants/:id — agreement and move-in changes (the status has its own calls). */
export const ZTenantUpdateBody = z
  .object({
    occupancyDetails: z.object({ moveInDate: ZDateOnly }).partial(),
    agreementDetails: z
      .object({
        rentAmount: ZMoney,
        maintenanceCharges: ZMoney,
        securityDeposit: ZMoney,
        rentDueDate: ZRentDueDay,
        leaseStartDate: ZDateOnly,
        leaseEndDate: ZDateOnly,
      })
      .partial(),
    /** Billing details of a GST-registered tenant: GSTIN (empty text clears it), legal name, billing address. */
    ...ZTenancyBillingBody.shape,
  })
  .partial();
export type TenantUpdateBody = z.infer<typeof ZTenantUpdateBody>;

export const TENANT_SORTS = ['createdAt', 'moveInDate', 'rentAmount'] as const;

export const ZTenantListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  sortBy: z.enum(TENANT_SORTS).default('createdAt'),
  sortOrder: ZSortOrder.default('desc'),
  status: zQueryArray(ZTenantStatus).optional(),
  'status[]': zQueryArray(ZTenantStatus).optional(),
  propertyId: ZId.optional(),
  rentalUnitId: ZId.optional(),
  search: zQueryText(100),
  isActive: ZQueryBoolean.optional(),
  moveInFrom: ZDateOnly.optional(),
  moveInTo: ZDateOnly.optional(),
});
export type TenantListQuery = z.infer<typeof ZTenantListQuery>;

export const ZTenantDocParams = z.object({ id: ZId, docId: ZId });

export const ZTenantDues = z.object({
  rent: z.number().int(),
  maintenance: z.number().int(),
  utilities: z.number().int(),
  penalties: z.number().int(),
  /** Unpaid deposit and other lines of issued invoices. */
  other: z.number().int(),
  total: z.number().int(),
});

export const ZTenantPersonDto = z.object({
  _id: ZId,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
});

export const ZTenantListItemDto = z.object({
  _id: ZId,
  rentalUnitUserId: ZId,
  companyId: ZId,
  rentalUnitId: ZId,
  propertyId: ZId,
  userId: ZId,
  status: ZTenantStatus,
  isActive: z.boolean(),
  user: ZTenantPersonDto,
  unit: z.object({ _id: ZId, unitNumber: z.string() }),
  property: z.object({ _id: ZId, name: z.string() }),
  occupancyDetails: z.object({ moveInDate: z.string(), moveOutDate: z.string().nullable() }),
  agreementDetails: z.object({
    rentAmount: z.number().int(),
    maintenanceCharges: z.number().int(),
    securityDeposit: z.number().int(),
    rentDueDate: z.number().int(),
    leaseStartDate: z.string().nullable(),
    leaseEndDate: z.string().nullable(),
  }),
  financialDetails: z.object({ outstandingDues: ZTenantDues }),
  monthlyTotal: z.number().int(),
  nextRentDueDate: z.string(),
  stayDurationDays: z.number().int(),
  currency: z.string(),
  createdAt: ZIsoDate,
});
export type TenantListItemDto = z.infer<typeof ZTenantListItemDto>;

export const ZTenantDocumentDto = z.object({
  _id: ZId,
  type: ZTenantDocumentType,
  verified: z.boolean(),
  /** A signed link that works for a few minutes. */
  url: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  uploadedAt: ZIsoDate,
});
export type TenantDocumentDto = z.infer<typeof ZTenantDocumentDto>;

export const ZTenantEntryDto = z.object({
  _id: ZId,
  content: z.string(),
  type: z.string(),
  author: z.string().nullable(),
  createdAt: ZIsoDate,
});
export type TenantEntryDto = z.infer<typeof ZTenantEntryDto>;

export const ZTenantHistoryDto = z.object({
  _id: ZId,
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  reason: z.string().nullable(),
  actor: z.string().nullable(),
  createdAt: ZIsoDate,
});
export type TenantHistoryDto = z.infer<typeof ZTenantHistoryDto>;

export const TENANT_RATING_ASPECTS = ['payment', 'behavior', 'maintenance', 'communication'] as const;
const ZRating = z.number().int().min(1, 'Ratings go from 1 to 5').max(5, 'Ratings go from 1 to 5');
export const ZTenantRatings = z.object({
  payment: ZRating.optional(),
  behavior: ZRating.optional(),
  maintenance: ZRating.optional(),
  communication: ZRating.optional(),
});

export const ZTenantCompliance = z.object({
  backgroundCheck: z.boolean().optional(),
  policeVerification: z.boolean().optional(),
  agreementSigned: z.boolean().optional(),
  depositPaid: z.boolean().optional(),
  notes: z.string().trim().max(2000).optional(),
});

export const ZTenantDto = ZTenantListItemDto.extend({
  rejectionReason: z.string().nullable(),
  source: z.string(),
  documents: z.array(ZTenantDocumentDto),
  documentsComplete: z.boolean(),
  notes: z.array(ZTenantEntryDto),
  complaints: z.array(ZTenantEntryDto),
  warnings: z.array(ZTenantEntryDto),
  ratings: ZTenantRatings,
  compliance: ZTenantCompliance,
  history: z.array(ZTenantHistoryDto),
  ...ZTenancyBillingDto.shape,
  updatedAt: ZIsoDate,
});
export type TenantDto = z.infer<typeof ZTenantDto>;

export const ZTenantRejectBody = z.object({
  rejectionReason: z.string().trim().min(1, 'Required').max(1000),
});
export const ZTenantStatusBody = z.object({
  status: z.string().trim().min(1).max(40),
  reason: z.string().trim().max(1000).optional(),
});
export const ZTenantMoveOutBody = z.object({
  moveOutDate: ZDateOnly,
  reason: z.string().trim().max(1000).optional(),
});
export const ZTenantExtendBody = z.object({ newEndDate: ZDateOnly, rentAmount: ZMoney.optional() });
export const ZTenantTransferBody = z.object({
  toRentalUnitId: ZId,
  transferDate: ZDateOnly,
  rentAmount: ZMoney.optional(),
});
export const ZTenantFinancialsBody = z.object({
  rent: ZMoney.optional(),
  maintenance: ZMoney.optional(),
  utilities: ZMoney.optional(),
  penalties: ZMoney.optional(),
});
export const ZTenantDuesDto = ZTenantDues.extend({
  monthlyTotal: z.number().int(),
  nextRentDueDate: z.string(),
  currency: z.string(),
});
export const ZTenantNoteBody = z.object({
  content: z.string().trim().min(1, 'Required').max(2000),
  type: z.enum(['general', 'payment', 'maintenance', 'behavior', 'other']).default('general'),
});
export const ZTenantIncidentBody = z.object({
  content: z.string().trim().min(1, 'Required').max(2000),
  type: z.enum(['low', 'medium', 'high']).default('medium'),
});
export const ZTenantRatingBody = z.object({ ratings: ZTenantRatings });
export const ZTenantDocumentUpdateBody = z.object({ verified: z.boolean() });
export const ZTenantBehaviorDto = z.object({
  complaints: z.array(ZTenantEntryDto),
  warnings: z.array(ZTenantEntryDto),
  ratings: ZTenantRatings,
});

export const ZTenantPaymentDto = z.object({
  _id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  method: z.string().nullable(),
  description: z.string(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TenantPaymentDto = z.infer<typeof ZTenantPaymentDto>;
export const ZTenantPaymentsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** Tenant codes */
export const ZRentalUnitUserParams = z.object({ rentalUnitUserId: ZId });
export const ZTenantCodeDto = z.object({
  rentalUnitUserId: ZId,
  tenantCode: z.string(),
  companyId: ZId,
  portalUrl: z.string(),
  createdAt: ZIsoDate,
});
export type TenantCodeDto = z.infer<typeof ZTenantCodeDto>;
export const ZTenantCodeValidateBody = z.object({
  tenantCode: z.string().trim().toUpperCase().min(1, 'Required').max(40),
  companyId: ZId.optional(),
});
export const ZTenantPortalDto = z.object({
  firstName: z.string(),
  companyId: ZId,
  companyName: z.string(),
  status: ZTenantStatus,
  unit: z.object({ unitNumber: z.string(), unitType: z.string() }),
  property: z.object({ name: z.string(), city: z.string() }),
  dues: ZTenantDues,
  monthlyTotal: z.number().int(),
  nextRentDueDate: z.string(),
  leaseEndDate: z.string().nullable(),
  currency: z.string(),
  documents: z.object({
    complete: z.boolean(),
    uploaded: z.array(z.object({ type: ZTenantDocumentType, verified: z.boolean() })),
    missing: z.array(z.string()),
  }),
});
export type TenantPortalDto = z.infer<typeof ZTenantPortalDto>;
