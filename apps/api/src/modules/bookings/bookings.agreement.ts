import type { BookingDto, SignAgreementBody } from '@rentora/shared';
import type { AuthContext, CompanyContext } from '../../core/access';
import { recordAudit } from '../../core/audit';
import { AppError, badRequest, conflict, notFound } from '../../core/errors';
import type { Storage } from '../../core/storage';
import type { Db } from '../../db/client';
import type { PaymentsDeps } from '../payments/payments.service';
import { renderAgreementPdf, sha256Hex } from './bookings.agreement-pdf';
import { parseSignature, signAgreementPdf } from './bookings.agreement-signature';
import type { AgreementLinks } from './bookings.dto';
import {
  type BookingsRepo,
  companyTimeZoneOf,
  lockBooking,
  setBookingReturning,
  signerOf,
} from './bookings.repo';
import { addMonths, entry } from './bookings.rules';
import { loadAgreementTemplate } from './bookings.template';
import type { BookingViews } from './bookings.views';

/** The rental agreement of a booking: staff generate it, the booker signs it, both read it. */
export function bookingAgreement(
  deps: Pick<PaymentsDeps, 'db' | 'notifier' | 'log'> & { storage?: Storage },
  repo: BookingsRepo,
  views: BookingViews,
  links: AgreementLinks,
) {
  const db: Db = deps.db;

  /** Notifications after a change has committed: best effort, a failure is logged and never undoes the change. */
  async function notifySafely(what: string, work: () => Promise<unknown> | undefined): Promise<void> {
    try {
      await work();
    } catch (error) {
      deps.log?.error({ err: error, what }, 'booking notification failed');
    }
  }

  function storage(): Storage {
    if (!deps.storage) throw new Error('bookings: no storage configured');
    return deps.storage;
  }

  async function readAll(key: string): Promise<Buffer> {
    const file = await storage().read(key);
    if (!file) throw notFound('Agreement file');
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    return Buffer.concat(chunks);
  }

  /**
   * Staff: renders the rental agreement PDF, keeps it privately in the storage and its SHA-256 on the booking.
   * Generating again replaces an unsigned agreement; a signed one is final (409).
   */
  async function generateAgreement(ctx: CompanyContext, id: string): Promise<BookingDto> {
    const data = await repo.agreementData(id, ctx.companyId);
    if (!data) throw notFound('Booking');
    const { booking, company, property } = data;
    if (booking.status === 'cancelled' || booking.status === 'expired') {
      throw conflict(`A ${booking.status} booking gets no agreement`);
    }
    if (booking.agreement?.signed) throw conflict('The agreement is already signed');
    const generatedAt = new Date();
    const address = (parts: (string | null | undefined)[]) => parts.filter((p) => p?.trim()).join(', ');
    const pdf = await renderAgreementPdf({
      bookingId: booking.id,
      company: {
        name: company.name,
        email: company.email,
        phone: company.phone,
        address: address([
          company.address.line1,
          company.address.line2,
          company.address.city,
          company.address.state,
          company.address.postalCode,
        ]),
        timeZone: company.timeZone,
      },
      tenant: { name: `${data.firstName} ${data.lastName}`.trim(), email: data.email },
      property: {
        name: property.name,
        address: address([
          property.addressLine1,
          property.addressLine2,
          property.landmark,
          property.city,
          property.state,
          property.postalCode,
        ]),
      },
      unitNumber: data.unitNumber,
      moveInDate: booking.moveInDate,
      endDate: addMonths(booking.moveInDate, booking.durationMonths),
      durationMonths: booking.durationMonths,
      currency: booking.currency,
      monthlyRent: booking.monthlyRent,
      maintenanceCharges: booking.maintenanceCharges,
      securityDeposit: booking.securityDeposit,
      totalAmount: booking.totalAmount,
      installments: booking.installments,
      template: await loadAgreementTemplate(db, ctx.companyId),
      generatedAt,
    });
    const sha256 = sha256Hex(pdf);
    const key = `companies/${booking.companyId}/bookings/${booking.id}/agreement-${generatedAt.getTime()}.pdf`;
    await storage().put(key, Buffer.from(pdf), 'application/pdf');
    const updated = await db.transaction(async (tx) => {
      const row = await lockBooking(tx, id);
      if (!row) throw notFound('Booking');
      if (row.agreement?.signed) throw conflict('The agreement is already signed');
      const saved = await setBookingReturning(tx, id, {
        agreement: {
          key,
          sha256,
          generatedAt: generatedAt.toISOString(),
          generatedBy: ctx.userId,
          signed: null,
        },
        statusHistory: [...row.statusHistory, entry(row.status, 'Rental agreement generated', ctx.userId)],
      });
      await recordAudit(tx, {
        companyId: row.companyId,
        action: 'booking.agreement_generated',
        entityType: 'booking',
        entityId: row.id,
        summary: `Rental agreement generated (SHA-256 ${sha256})`,
        after: { sha256 },
      });
      return { saved: saved!, replaced: row.agreement?.key ?? null };
    });
    if (updated.replaced && updated.replaced !== key) {
      await storage()
        .delete(updated.replaced)
        .catch(() => undefined);
    }
    const result = await views.dto(updated.saved);
    await notifySafely('agreement ready', () =>
      deps.notifier?.notifyUser(booking.userId, {
        companyId: booking.companyId,
        category: 'booking',
        type: 'booking.agreement_ready',
        title: `Your rental agreement is ready to sign: ${result.propertyName} · Unit ${result.unitNumber}`,
        message: 'Read it and sign it in My bookings.',
        link: '/tenant/applications',
        priority: 'high',
        data: { bookingId: booking.id },
      }),
    );
    return result;
  }

  /**
   * The booker signs: the signature (typed name or drawn PNG) is stamped on a new signed PDF with an audit page
   * (name, time, IP, the unsigned document's SHA-256). Only the booker (403 for anyone else who can see the
   * booking); once only (409).
   */
  async function signAgreement(
    ctx: AuthContext,
    id: string,
    body: SignAgreementBody,
    client: { ip: string; userAgent: string | null },
  ): Promise<BookingDto> {
    const visible = await views.load(ctx, id);
    if (visible.userId !== ctx.userId)
      throw new AppError('FORBIDDEN', 'Only the booker can sign this agreement');
    const signature = parseSignature(body.signature);
    if (typeof signature === 'string') throw badRequest(signature, 'signature');
    const saved = await db.transaction(async (tx) => {
      const row = await lockBooking(tx, id);
      if (!row) throw notFound('Booking');
      const agreement = row.agreement;
      if (!agreement) throw conflict('There is no agreement to sign yet');
      if (agreement.signed) throw conflict('The agreement is already signed');
      if (row.status === 'cancelled' || row.status === 'expired') {
        throw conflict(`A ${row.status} booking cannot be signed`);
      }
      const unsigned = await readAll(agreement.key);
      const unsignedSha256 = sha256Hex(unsigned);
      if (unsignedSha256 !== agreement.sha256) {
        throw new AppError(
          'CONFLICT',
          'The stored agreement does not match its recorded hash; ask for a new one',
        );
      }
      const signer = await signerOf(tx, ctx.userId);
      const accountName = `${signer?.firstName ?? ''} ${signer?.lastName ?? ''}`.trim();
      const signerName = signature.type === 'typed' ? signature.name : accountName;
      const signedAt = new Date();
      let signedPdf: Uint8Array;
      try {
        signedPdf = await signAgreementPdf(unsigned, signature, {
          bookingId: row.id,
          signerName,
          signerEmail: signer?.email ?? '',
          signerUserId: ctx.userId,
          signedAt,
          ip: client.ip,
          userAgent: client.userAgent,
          unsignedSha256,
          generatedAt: agreement.generatedAt,
          timeZone: await companyTimeZoneOf(tx, row.companyId),
        });
      } catch {
        throw badRequest('The drawn signature could not be read as a PNG image', 'signature');
      }
      const sha256 = sha256Hex(signedPdf);
      const key = agreement.key.replace(/\.pdf$/, '-signed.pdf');
      await storage().put(key, Buffer.from(signedPdf), 'application/pdf');
      const updated = await setBookingReturning(tx, id, {
        agreement: {
          ...agreement,
          signed: {
            key,
            sha256,
            signedAt: signedAt.toISOString(),
            signerUserId: ctx.userId,
            signerName,
            signatureType: signature.type,
            ip: client.ip,
            userAgent: client.userAgent,
            unsignedSha256,
          },
        },
        statusHistory: [
          ...row.statusHistory,
          entry(row.status, `Agreement signed by ${signerName}`, ctx.userId),
        ],
      });
      await recordAudit(tx, {
        companyId: row.companyId,
        action: 'booking.agreement_signed',
        entityType: 'booking',
        entityId: row.id,
        summary: `Agreement signed by ${signerName} from ${client.ip} (signed SHA-256 ${sha256})`,
        after: { sha256, unsignedSha256, signatureType: signature.type },
      });
      return updated!;
    });
    const result = await views.dto(saved);
    await notifySafely('agreement signed', () =>
      deps.notifier?.notifyCompany(
        saved.companyId,
        {
          category: 'booking',
          type: 'booking.agreement_signed',
          title: `Agreement signed: ${result.propertyName} · Unit ${result.unitNumber}`,
          message: `${result.agreement?.signed?.signerName ?? result.bookerName} signed the rental agreement.`,
          link: `/dashboard/bookings?booking=${saved.id}`,
          data: { bookingId: saved.id },
        },
        { excludeUserIds: [ctx.userId] },
      ),
    );
    return result;
  }

  /** The agreement PDF by its signed link, or for the booker and staff who can read the booking. */
  async function agreementFile(
    ctx: AuthContext | null,
    id: string,
    version: 'unsigned' | 'signed',
    exp: number | undefined,
    sig: string | undefined,
  ): Promise<{ data: Buffer; sha256: string }> {
    const row = await repo.byId(id);
    const linked = links.verify(id, version, exp, sig);
    const allowed =
      row &&
      (linked ||
        (ctx !== null &&
          (row.userId === ctx.userId || views.isStaffOf(ctx, row.companyId, 'bookings_read'))));
    if (!row || !allowed) throw notFound('Agreement');
    const file = version === 'signed' ? row.agreement?.signed : row.agreement;
    if (!file) throw notFound('Agreement');
    return { data: await readAll(file.key), sha256: file.sha256 };
  }

  return { generateAgreement, signAgreement, agreementFile };
}
