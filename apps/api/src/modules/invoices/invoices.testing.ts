import type {
  InvoiceCheckoutDto,
  InvoiceDetailDto,
  PropertyDto,
  RentalUnitDto,
  TenantDto,
} from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import { uuidv7 } from 'uuidv7';
import { call } from '../../../test/app';
import { type CompanySession, type Session, signUp } from '../../../test/factories';

export interface Tenancy {
  tenantId: string;
  propertyId: string;
  rentalUnitId: string;
  /** The tenant's own account, signed in. */
  person: Session;
}

/** A property, a unit and an active tenant (an account that can sign in) of `owner`'s company. */
export async function makeTenancy(
  app: FastifyInstance,
  owner: CompanySession,
  agreement: {
    rentAmount?: number;
    maintenanceCharges?: number;
    rentDueDate?: number;
    /** `office`, `shop` or `warehouse` make a commercial unit (taxed under GST). */
    unitType?: string;
    /** The property's state (Tamil Nadu unless given). */
    state?: string;
    moveInDate?: string;
  } = {},
): Promise<Tenancy> {
  const auth = { token: owner.token, companyId: owner.companyId };
  const property = await call(app, 'POST', '/api/properties', {
    ...auth,
    body: {
      name: `Invoice House ${uuidv7().slice(-5)}`,
      propertyType: 'apartment_building',
      address: {
        line1: '3 Test Road',
        city: 'Chennai',
        state: agreement.state ?? 'Tamil Nadu',
        postalCode: '600001',
      },
    },
  });
  if (property.statusCode !== 201) throw new Error(`property: ${property.body}`);
  const propertyId = property.json<{ data: PropertyDto }>().data._id;
  const unit = await call(app, 'POST', '/api/rental-units', {
    ...auth,
    body: {
      propertyId,
      unitNumber: `I-${uuidv7().slice(-4)}`,
      unitType: agreement.unitType ?? '1bhk',
      bedrooms: 1,
      pricing: { rent: 1_500_000 },
    },
  });
  if (unit.statusCode !== 201) throw new Error(`unit: ${unit.body}`);
  const rentalUnitId = unit.json<{ data: RentalUnitDto }>().data._id;
  const person = await signUp(app);
  const tenant = await call(app, 'POST', '/api/tenants', {
    ...auth,
    body: {
      rentalUnitId,
      userId: { email: person.user.email, firstName: 'Invoice', lastName: 'Tenant' },
      occupancyDetails: { moveInDate: agreement.moveInDate ?? '2025-01-01' },
      agreementDetails: {
        rentAmount: agreement.rentAmount ?? 1_500_000,
        maintenanceCharges: agreement.maintenanceCharges ?? 0,
        rentDueDate: agreement.rentDueDate ?? 5,
        leaseStartDate: '2025-01-01',
        leaseEndDate: '2030-12-31',
      },
    },
  });
  if (tenant.statusCode !== 201) throw new Error(`tenant: ${tenant.body}`);
  return { tenantId: tenant.json<{ data: TenantDto }>().data._id, propertyId, rentalUnitId, person };
}

/** GSTINs with valid check characters: a supplier in Tamil Nadu (the test properties' state) and elsewhere. */
export const TN_GSTIN = '33AAACH7409R1Z8';
export const KA_GSTIN = '29AAGCB7383J1Z4';
export const MH_GSTIN = '27AAPFU0939F1ZV';

/** Registers `owner`'s company for GST (PUT /api/tax-settings). */
export async function registerForGst(
  app: FastifyInstance,
  owner: CompanySession,
  body: Record<string, unknown> = {},
): Promise<void> {
  const saved = await call(app, 'PUT', '/api/tax-settings', {
    token: owner.token,
    companyId: owner.companyId,
    body: { gstin: TN_GSTIN, legalName: 'Test Estates Pvt Ltd', address: '1 Mount Road, Chennai', ...body },
  });
  if (saved.statusCode !== 200) throw new Error(`tax settings: ${saved.body}`);
}

export const rentLine = (unitPrice = 1_500_000) => ({
  description: 'Rent',
  quantity: 1,
  unitPrice,
  kind: 'rent',
});

export async function createInvoice(
  app: FastifyInstance,
  owner: CompanySession,
  tenantId: string,
  body: Record<string, unknown> = {},
) {
  return call(app, 'POST', '/api/invoices', {
    token: owner.token,
    companyId: owner.companyId,
    body: { tenantId, issueDate: '2026-01-01', dueDate: '2099-01-10', lineItems: [rentLine()], ...body },
  });
}

export async function issuedInvoice(
  app: FastifyInstance,
  owner: CompanySession,
  tenantId: string,
  body: Record<string, unknown> = {},
): Promise<InvoiceDetailDto> {
  const created = await createInvoice(app, owner, tenantId, { send: true, ...body });
  if (created.statusCode !== 201) throw new Error(`invoice: ${created.body}`);
  return created.json<{ data: InvoiceDetailDto }>().data;
}

/** Opens an order for the balance (less `tds`), pays it in the sandbox and verifies it like the web app does. */
export async function payInvoiceInSandbox(
  app: FastifyInstance,
  payer: Session,
  invoiceId: string,
  tds?: { section: string; rate: number; amount: number },
) {
  const opened = await call(app, 'POST', `/api/invoices/${invoiceId}/pay`, {
    token: payer.token,
    ...(tds ? { body: { tds } } : {}),
  });
  if (opened.statusCode !== 200) throw new Error(`pay: ${opened.body}`);
  const checkout = opened.json<{ data: InvoiceCheckoutDto }>().data;
  const paid = await call(app, 'POST', '/api/payments/sandbox/checkout', {
    token: payer.token,
    body: { orderId: checkout.order.id, outcome: 'success' },
  });
  if (paid.statusCode !== 200) throw new Error(`checkout: ${paid.body}`);
  const fields = paid.json<{
    data: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
  }>().data;
  const body = {
    invoiceId,
    razorpay_order_id: fields.razorpay_order_id,
    razorpay_payment_id: fields.razorpay_payment_id,
    razorpay_signature: fields.razorpay_signature,
  };
  return {
    checkout,
    body,
    verify: () => call(app, 'POST', '/api/invoices/verify-payment', { token: payer.token, body }),
  };
}

export { pdfText } from '../../core/pdf-text.testing';
