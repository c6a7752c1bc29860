import type { TenantDocumentDto, TenantDto } from '@rentora/shared';
import { call } from '../../../test/app';
import { uniqueEmail } from '../../../test/factories';
import type { FixtureBuilder } from '../../../test/fixtures';
import { multipart } from '../uploads/uploads.testing';

/** A tiny valid PDF header: documents are checked by their first bytes. */
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** A tenant of company A's fixture unit, with one document and a portal code. */
export const fixtures: FixtureBuilder = async ({ app, owner, ids }) => {
  const rentalUnitId = ids['rental-units:id'];
  if (!rentalUnitId) throw new Error('needs the rental-units fixture');
  const auth = { token: owner.token, companyId: owner.companyId };
  const created = await call(app, 'POST', '/api/tenants', {
    ...auth,
    body: {
      rentalUnitId,
      userId: { email: uniqueEmail('guard-tenant'), firstName: 'Guard', lastName: 'Person' },
      occupancyDetails: { moveInDate: '2025-01-01' },
      agreementDetails: {
        rentAmount: 1_500_000,
        leaseStartDate: '2025-01-01',
        leaseEndDate: '2026-12-31',
      },
    },
  });
  if (created.statusCode !== 201) throw new Error(`tenant: ${created.body}`);
  const tenant = created.json<{ data: TenantDto }>().data;
  const upload = multipart(
    [{ field: 'document', filename: 'pan.pdf', contentType: 'application/pdf', data: PDF_BYTES }],
    {
      type: 'pan',
    },
  );
  const document = await app.inject({
    method: 'POST',
    url: `/api/tenants/${tenant._id}/documents`,
    headers: { authorization: `Bearer ${owner.token}`, 'x-company-id': owner.companyId, ...upload.headers },
    payload: upload.payload,
  });
  if (document.statusCode !== 201) throw new Error(`document: ${document.body}`);
  const code = await call(app, 'POST', `/api/tenant-codes/${tenant._id}/generate`, auth);
  if (code.statusCode !== 200) throw new Error(`code: ${code.body}`);
  return {
    'tenants:id': tenant._id,
    // The tenant's conversation routes of the chat module (/api/chat/tenancies/:tenancyId/…).
    'tenancies:tenancyId': tenant._id,
    '/api/tenants/:id/documents/:docId#docId': document.json<{ data: TenantDocumentDto }>().data._id,
    '/api/tenants/:id/documents/:docId/file#docId': document.json<{ data: TenantDocumentDto }>().data._id,
    'tenant-codes:rentalUnitUserId': tenant._id,
    // Lists by status name no record of company A; a name that is no status is refused (400) to everyone.
  };
};
