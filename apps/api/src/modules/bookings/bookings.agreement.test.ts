import { createHash } from 'node:crypto';
import {
  AGREEMENT_TEMPLATE_LIMITS,
  type AgreementTemplateDto,
  type BookingCheckoutDto,
  type BookingDto,
  DEFAULT_AGREEMENT_TEMPLATE,
  formatDateTime,
} from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import { addMember, type CompanySession, createCompany, type Session, signUp } from '../../../test/factories';
import { pdfText } from '../../core/pdf-text.testing';
import { parseSignature } from './bookings.agreement-signature';
import { book, makeBookableUnit, payInSandbox } from './bookings.testing';

let app: FastifyInstance;
let company: CompanySession;
let otherCompany: CompanySession;
let visitor: Session;
let stranger: Session;

beforeAll(async () => {
  ({ app } = await getTestApp());
  company = await createCompany(app, { plan: 'professional' });
  otherCompany = await createCompany(app, { plan: 'professional' });
  visitor = await signUp(app);
  stranger = await signUp(app);
}, 60_000);

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const staff = (who: CompanySession = company) => ({ token: who.token, companyId: who.companyId });

async function paidBooking(): Promise<BookingCheckoutDto> {
  const unit = await makeBookableUnit(app, company);
  const created = await book(app, visitor, unit._id, { paymentPlan: 'installments', installmentCount: 2 });
  const checkout = created.json<{ data: BookingCheckoutDto }>().data;
  expect((await payInSandbox(app, visitor, checkout)).statusCode).toBe(200);
  return checkout;
}

async function fetchPdf(url: string, options: Parameters<typeof call>[3] = {}) {
  const response = await app.inject({
    method: 'GET',
    url,
    headers: options.token
      ? {
          authorization: `Bearer ${options.token}`,
          ...(options.companyId ? { 'x-company-id': options.companyId } : {}),
        }
      : {},
  });
  return { status: response.statusCode, body: response.rawPayload, headers: response.headers };
}

describe('rental agreements', () => {
  it('staff generate a private PDF whose SHA-256 is kept; the booker signs once, with an audit page', async () => {
    const checkout = await paidBooking();
    const id = checkout.booking._id;

    // Nothing to sign yet; only staff of the company generate.
    const early = await call(app, 'POST', `/api/bookings/${id}/sign-agreement`, {
      token: visitor.token,
      body: { signature: 'Booker Visitor' },
    });
    expect(early.statusCode).toBe(409);
    expect(
      (await call(app, 'POST', `/api/bookings/${id}/generate-agreement`, { token: visitor.token }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(app, 'POST', `/api/bookings/${id}/generate-agreement`, staff(otherCompany))).statusCode,
    ).toBe(404);

    const generated = await call(app, 'POST', `/api/bookings/${id}/generate-agreement`, staff());
    expect(generated.statusCode).toBe(200);
    const agreement = generated.json<{ data: BookingDto }>().data.agreement!;
    expect(agreement.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(agreement.signed).toBeNull();

    // Private: no file without the signed link or a session that may read the booking.
    const bare = `/api/bookings/${id}/agreement/file`;
    expect((await fetchPdf(bare)).status).toBe(404);
    expect((await fetchPdf(bare, { token: stranger.token })).status).toBe(404);
    expect((await fetchPdf(`${agreement.url.replace(/sig=[^&]+/, 'sig=forged')}`)).status).toBe(404);
    const unsigned = await fetchPdf(agreement.url);
    expect(unsigned.status).toBe(200);
    expect(unsigned.headers['content-type']).toBe('application/pdf');
    expect(sha256(unsigned.body)).toBe(agreement.sha256);
    expect((await fetchPdf(bare, { token: visitor.token })).status).toBe(200);
    const text = await pdfText(unsigned.body);
    expect(text).toContain('RENTAL AGREEMENT');
    expect(text).toContain(checkout.booking.unitNumber);
    expect(text).toContain('Installment 2');
    expect(text).toContain('₹46,000.00');
    expect(text).not.toContain('INR');
    expect(text).toMatch(/Issued \d{2} [A-Z][a-z]{2} \d{4}/);
    const unsignedPages = (await PDFDocument.load(unsigned.body)).getPageCount();

    // Any other signer: staff who can see the booking 403, others 404.
    const byStaff = await call(app, 'POST', `/api/bookings/${id}/sign-agreement`, {
      ...staff(),
      body: { signature: 'Owner Person' },
    });
    expect(byStaff.statusCode).toBe(403);
    const byStranger = await call(app, 'POST', `/api/bookings/${id}/sign-agreement`, {
      token: stranger.token,
      body: { signature: 'Stranger Person' },
    });
    expect(byStranger.statusCode).toBe(404);
    const garbage = await call(app, 'POST', `/api/bookings/${id}/sign-agreement`, {
      token: visitor.token,
      body: { signature: '1234' },
    });
    expect(garbage.statusCode).toBe(400);

    const signed = await call(app, 'POST', `/api/bookings/${id}/sign-agreement`, {
      token: visitor.token,
      body: { signature: 'Booker Visitor' },
      headers: { 'user-agent': 'agreement-test/1.0' },
    });
    expect(signed.statusCode).toBe(200);
    const after = signed.json<{ data: BookingDto }>().data.agreement!;
    expect(after.sha256).toBe(agreement.sha256);
    expect(after.signed).toMatchObject({
      signerName: 'Booker Visitor',
      signatureType: 'typed',
      unsignedSha256: agreement.sha256,
      userAgent: 'agreement-test/1.0',
    });
    expect(after.signed!.ip).toBeTruthy();

    const signedFile = await fetchPdf(after.signed!.url);
    expect(signedFile.status).toBe(200);
    expect(sha256(signedFile.body)).toBe(after.signed!.sha256);
    expect(after.signed!.sha256).not.toBe(agreement.sha256);
    expect((await PDFDocument.load(signedFile.body)).getPageCount()).toBe(unsignedPages + 1);
    const audit = await pdfText(signedFile.body);
    expect(audit).toContain('Signature audit');
    expect(audit).toContain('Booker Visitor');
    expect(audit).toContain(after.signed!.ip);
    expect(audit).toContain(agreement.sha256);
    expect(audit).toContain(after.signed!.signedAt);
    expect(audit).toContain(`${formatDateTime(after.signed!.signedAt)} IST`);
    // The unsigned document is unchanged.
    expect(sha256((await fetchPdf(agreement.url)).body)).toBe(agreement.sha256);

    // The booker heard that the agreement was ready, the company that it was signed.
    const bookerInbox = await call(app, 'GET', '/api/inapp-notifications/user', { token: visitor.token });
    expect(bookerInbox.body).toContain('Your rental agreement is ready to sign');
    const staffInbox = await call(app, 'GET', '/api/inapp-notifications/user', staff());
    expect(staffInbox.body).toContain('Agreement signed: ');

    // Staff see the signed PDF; a second signature and a new generation are refused.
    expect((await fetchPdf(`${bare}?version=signed`, staff())).status).toBe(200);
    const again = await call(app, 'POST', `/api/bookings/${id}/sign-agreement`, {
      token: visitor.token,
      body: { signature: 'Booker Visitor' },
    });
    expect(again.statusCode).toBe(409);
    expect((await call(app, 'POST', `/api/bookings/${id}/generate-agreement`, staff())).statusCode).toBe(409);
  });

  it('takes a drawn signature as a PNG data URL and refuses other images', async () => {
    const checkout = await paidBooking();
    const id = checkout.booking._id;
    await call(app, 'POST', `/api/bookings/${id}/generate-agreement`, staff());
    const jpeg = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const notPng = await call(app, 'POST', `/api/bookings/${id}/sign-agreement`, {
      token: visitor.token,
      body: { signature: `data:image/png;base64,${jpeg.toString('base64')}` },
    });
    expect(notPng.statusCode).toBe(400);
    const png = await sharp({
      create: { width: 300, height: 90, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg width="300" height="90"><path d="M10 60 Q 80 0 150 50 T 290 40" stroke="#123" stroke-width="4" fill="none"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    const signed = await call(app, 'POST', `/api/bookings/${id}/sign-agreement`, {
      token: visitor.token,
      body: { signature: `data:image/png;base64,${png.toString('base64')}` },
    });
    expect(signed.statusCode).toBe(200);
    const agreement = signed.json<{ data: BookingDto }>().data.agreement!;
    expect(agreement.signed?.signatureType).toBe('drawn');
    expect(agreement.signed?.signerName).toBe(checkout.booking.bookerName);
    const file = await fetchPdf(agreement.signed!.url);
    expect(await pdfText(file.body)).toContain('Drawn (PNG image)');
  });

  it('reads signatures strictly', () => {
    expect(parseSignature('  Asha Rao ')).toEqual({ type: 'typed', name: 'Asha Rao' });
    expect(parseSignature('data:image/jpeg;base64,AAAA')).toBe('A drawn signature must be a PNG data URL');
    expect(typeof parseSignature('data:image/png;base64,AAAA')).toBe('string');
    expect(typeof parseSignature('12')).toBe('string');
  });
});

describe('agreement templates', () => {
  const url = '/api/bookings/agreement-template';
  const custom = {
    title: 'Leave and licence agreement',
    clauses: [
      {
        title: 'Pets',
        text: 'One cat or dog under 15 kg may live in the unit with the written consent of the Licensor.',
      },
      { title: 'Quiet hours', text: 'No loud music between 22:00 and 07:00 on any day of the week.' },
    ],
    extraTerms: 'Parking slot P-17 is included with the unit.',
  };

  it('answers the default template until the company saves its own', async () => {
    const fresh = await createCompany(app, { plan: 'professional' });
    const got = await call(app, 'GET', url, staff(fresh));
    expect(got.statusCode).toBe(200);
    const template = got.json<{ data: AgreementTemplateDto }>().data;
    expect(template).toMatchObject({
      isDefault: true,
      updatedAt: null,
      title: DEFAULT_AGREEMENT_TEMPLATE.title,
    });
    expect(template.clauses).toEqual(DEFAULT_AGREEMENT_TEMPLATE.clauses);
  });

  it("prints the company's saved clauses, in order, on the agreements it generates afterwards", async () => {
    const own = await createCompany(app, { plan: 'professional' });
    const saved = await call(app, 'PUT', url, { ...staff(own), body: custom });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ data: AgreementTemplateDto }>().data).toMatchObject({ ...custom, isDefault: false });
    expect(
      (await call(app, 'GET', url, staff(own))).json<{ data: AgreementTemplateDto }>().data,
    ).toMatchObject(custom);
    // Another company still reads its own (default) template.
    expect(
      (await call(app, 'GET', url, staff(otherCompany))).json<{ data: AgreementTemplateDto }>().data
        .isDefault,
    ).toBe(true);

    const unit = await makeBookableUnit(app, own);
    const checkout = (await book(app, visitor, unit._id)).json<{ data: BookingCheckoutDto }>().data;
    expect((await payInSandbox(app, visitor, checkout)).statusCode).toBe(200);
    const generated = await call(
      app,
      'POST',
      `/api/bookings/${checkout.booking._id}/generate-agreement`,
      staff(own),
    );
    expect(generated.statusCode).toBe(200);
    const pdf = await fetchPdf(generated.json<{ data: BookingDto }>().data.agreement!.url);
    expect(pdf.status).toBe(200);
    const text = await pdfText(pdf.body);
    expect(text).toContain('LEAVE AND LICENCE AGREEMENT');
    expect(text).toContain('1. Pets');
    expect(text).toContain('2. Quiet hours');
    expect(text).toContain('No loud music between 22:00 and 07:00 on any day of the week.');
    expect(text).toContain('Additional terms');
    expect(text).toContain('Parking slot P-17 is included with the unit.');
    expect(text).not.toContain(DEFAULT_AGREEMENT_TEMPLATE.clauses[0]!.title);

    // The change is audited.
    const audit = await call(app, 'GET', '/api/audit-logs', {
      ...staff(own),
      query: { action: 'booking.agreement_template_updated' },
    });
    expect(audit.statusCode).toBe(200);
    expect(audit.json<{ data: unknown[] }>().data).toHaveLength(1);
  });

  it('refuses templates out of bounds with 400 and the failing field', async () => {
    const cases: [unknown, string][] = [
      [{ ...custom, clauses: [] }, 'clauses'],
      [
        {
          ...custom,
          clauses: Array.from({ length: AGREEMENT_TEMPLATE_LIMITS.clauses + 1 }, (_, i) => ({
            title: `Clause ${i}`,
            text: 'Text',
          })),
        },
        'clauses',
      ],
      [
        {
          ...custom,
          clauses: [{ title: 'Long', text: 'x'.repeat(AGREEMENT_TEMPLATE_LIMITS.clauseText + 1) }],
        },
        'clauses.0.text',
      ],
      [{ ...custom, clauses: [{ title: '  ', text: 'Text' }] }, 'clauses.0.title'],
      [{ ...custom, title: '' }, 'title'],
      [{ ...custom, extraTerms: 'x'.repeat(AGREEMENT_TEMPLATE_LIMITS.extraTerms + 1) }, 'extraTerms'],
      [{ title: 'No clauses' }, 'clauses'],
    ];
    for (const [body, path] of cases) {
      const refused = await call(app, 'PUT', url, { ...staff(), body });
      expect(refused.statusCode, path).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(refused.json<{ details: { path: string }[] }>().details.map((d) => d.path)).toContain(path);
    }
  });

  it('lets bookings_read read and only bookings_write save; plans without bookings and non-staff are refused', async () => {
    const accountant = await addMember(app, company, 'accountant');
    const asAccountant = { token: accountant.token, companyId: company.companyId };
    expect((await call(app, 'GET', url, asAccountant)).statusCode).toBe(200);
    const refused = await call(app, 'PUT', url, { ...asAccountant, body: custom });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });

    const agent = await addMember(app, company, 'sales_agent');
    expect(
      (await call(app, 'PUT', url, { token: agent.token, companyId: company.companyId, body: custom }))
        .statusCode,
    ).toBe(200);

    const starter = await createCompany(app, { plan: 'starter' });
    const gated = await call(app, 'PUT', url, { ...staff(starter), body: custom });
    expect(gated.statusCode).toBe(403);
    expect(gated.json()).toMatchObject({ code: 'FEATURE_NOT_IN_PLAN' });

    expect((await call(app, 'GET', url, { token: visitor.token })).statusCode).toBe(403);
    expect((await call(app, 'GET', url)).statusCode).toBe(401);
    // Company A's member cannot act on company B by naming it.
    expect(
      (await call(app, 'PUT', url, { token: company.token, companyId: otherCompany.companyId, body: custom }))
        .statusCode,
    ).toBe(403);
  });
});
