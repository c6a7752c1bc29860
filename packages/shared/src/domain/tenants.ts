/**
 * Derived values of a tenancy, computed once here and used by the API and the web app alike.
 * Dates are `YYYY-MM-DD` strings read as UTC days.
 */

export const TENANT_STATUSES = ['pending', 'active', 'notice_given', 'rejected', 'moved_out'] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];

export const TENANT_DOCUMENT_TYPES = [
  'aadhaar',
  'pan',
  'salary_slip',
  'id_proof',
  'address_proof',
  'agreement',
  'other',
] as const;
export type TenantDocumentType = (typeof TENANT_DOCUMENT_TYPES)[number];

/** Documents a tenancy needs before it is complete. */
export const REQUIRED_TENANT_DOCUMENTS = ['aadhaar', 'pan', 'salary_slip'] as const;

/** Transitions of the tenancy lifecycle: anything else answers 409. */
export const TENANT_TRANSITIONS: Record<TenantStatus, readonly TenantStatus[]> = {
  pending: ['active', 'rejected'],
  active: ['notice_given', 'moved_out'],
  notice_given: ['active', 'moved_out'],
  rejected: [],
  moved_out: [],
};

export function canTransition(from: TenantStatus, to: TenantStatus): boolean {
  return TENANT_TRANSITIONS[from].includes(to);
}

/** Active and notice_given tenancies are current (isActive). */
export function isCurrentTenantStatus(status: TenantStatus): boolean {
  return status === 'active' || status === 'notice_given';
}

export interface OutstandingDues {
  rent: number;
  maintenance: number;
  utilities: number;
  penalties: number;
  /** Deposit and other invoice lines still unpaid. */
  other?: number;
}

/** rent + maintenance + utilities + penalties (+ other: deposit and other invoice lines). */
export function outstandingTotal(dues: OutstandingDues): number {
  return dues.rent + dues.maintenance + dues.utilities + dues.penalties + (dues.other ?? 0);
}

/** rentAmount + maintenanceCharges. */
export function tenantMonthlyTotal(agreement: { rentAmount: number; maintenanceCharges: number }): number {
  return agreement.rentAmount + agreement.maintenanceCharges;
}

const DAY_MS = 86_400_000;

function dayStart(date: string | Date): number {
  if (typeof date === 'string') return Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

/** Days between move-in and move-out (or today), rounded up; never negative. */
export function stayDurationDays(moveInDate: string, moveOutDate: string | null, now = new Date()): number {
  const end = moveOutDate ? Date.parse(`${moveOutDate}T00:00:00Z`) : now.getTime();
  const start = dayStart(moveInDate);
  return Math.max(0, Math.ceil((end - start) / DAY_MS));
}

/** The rentDueDate day of this month, or of next month when it has passed (today counts as not passed). */
export function nextRentDueDate(rentDueDay: number, now = new Date()): string {
  const day = Math.min(28, Math.max(1, Math.trunc(rentDueDay)));
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const due =
    now.getUTCDate() <= day ? new Date(Date.UTC(year, month, day)) : new Date(Date.UTC(year, month + 1, day));
  return due.toISOString().slice(0, 10);
}

/** Complete only when aadhaar, pan and salary_slip documents are all present. */
export function documentsComplete(documents: readonly { type: string }[]): boolean {
  const types = new Set(documents.map((document) => document.type));
  return REQUIRED_TENANT_DOCUMENTS.every((type) => types.has(type));
}

/** Unambiguous letters and digits for tenant codes (no 0/O, 1/I/L). */
export const TENANT_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** 10 symbols of 31: about 49.5 bits. */
export const TENANT_CODE_LENGTH = 10;
