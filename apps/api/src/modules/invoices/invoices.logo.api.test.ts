import type { InvoiceTemplateDto } from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import { type CompanySession, createCompany } from '../../../test/factories';
import { makeImage, multipart } from '../uploads/uploads.testing';
import { issuedInvoice, makeTenancy } from './invoices.testing';

let app: FastifyInstance;
let owner: CompanySession;
let other: CompanySession;

const as = (session: CompanySession) => ({ token: session.token, companyId: session.companyId });

function upload(session: CompanySession, id: string, data: Buffer, contentType = 'image/png') {
  const form = multipart([{ field: 'images', filename: 'logo.png', contentType, data }]);
  return app.inject({
    method: 'POST',
    url: `/api/invoice-templates/${id}/logo`,
    headers: { authorization: `Bearer ${session.token}`, 'x-company-id': session.companyId, ...form.headers },
    payload: form.payload,
  });
}

beforeAll(async () => {
  ({ app } = await getTestApp());
  owner = await createCompany(app, { plan: 'professional' });
  other = await createCompany(app, { plan: 'professional' });
}, 300_000);

describe('invoice template logo', () => {
  it('uploads a logo (checked by its content), serves it, and draws it on the invoice PDF', async () => {
    const created = await call(app, 'POST', '/api/invoice-templates', {
      ...as(owner),
      body: { name: 'Branded', primaryColor: '#0f766e', accentColor: '#134e4a' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json<{ data: InvoiceTemplateDto }>().data;
    expect(template.logoUrl).toBeNull();
    // Not an image: 415, whatever the declared type.
    const fake = await upload(owner, template._id, Buffer.from('%PDF-1.4 not an image'), 'image/png');
    expect(fake.statusCode).toBe(415);
    // Another company's template: 404.
    const foreign = await upload(other, template._id, await makeImage({ format: 'png' }));
    expect(foreign.statusCode, foreign.body).toBe(404);

    const uploaded = await upload(
      owner,
      template._id,
      await makeImage({ width: 300, height: 100, format: 'webp' }),
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const withLogo = uploaded.json<{ data: InvoiceTemplateDto }>().data;
    expect(withLogo.logoUrl).toMatch(new RegExp(`^/api/invoice-templates/${template._id}/logo\\?v=`));
    const image = await call(app, 'GET', `/api/invoice-templates/${template._id}/logo`, as(owner));
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(
      (await call(app, 'GET', `/api/invoice-templates/${template._id}/logo`, as(other))).statusCode,
    ).toBe(404);

    const tenancy = await makeTenancy(app, owner);
    const invoice = await issuedInvoice(app, owner, tenancy.tenantId, { templateId: template._id });
    const pdf = await call(app, 'GET', `/api/invoices/${invoice._id}/pdf`, as(owner));
    expect(pdf.statusCode).toBe(200);
    const raw = pdf.rawPayload.toString('latin1');
    expect(raw.startsWith('%PDF-')).toBe(true);
    expect(raw).toMatch(/\/Subtype\s*\/Image/);

    // Removing it (logoUrl: null): the PDF has no image any more.
    const removed = await call(app, 'PUT', `/api/invoice-templates/${template._id}`, {
      ...as(owner),
      body: { logoUrl: null },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<{ data: InvoiceTemplateDto }>().data.logoUrl).toBeNull();
    const plain = await call(app, 'GET', `/api/invoices/${invoice._id}/pdf`, as(owner));
    expect(plain.rawPayload.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
    expect(
      (await call(app, 'GET', `/api/invoice-templates/${template._id}/logo`, as(owner))).statusCode,
    ).toBe(404);
  });
});
