import {
  BOOKING_STATUS_TRANSITIONS,
  type BookingCheckoutDto,
  type BookingCreateBody,
  type BookingDetailDto,
  type BookingDto,
  type BookingListQuery,
  type BookingStatsDto,
  type BookingStatusBody,
  canUseFeature,
  type SignAgreementBody,
  splitInstallments,
  type VerifyBookingInstallmentBody,
  type VerifyBookingPaymentBody,
} from '@rentora/shared';
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type AuthContext, accessContextOf, type CompanyContext } from '../../core/access';
import { recordAudit } from '../../core/audit';
import { today } from '../../core/dates';
import { AppError, badRequest, conflict, featureNotInPlan, notFound } from '../../core/errors';
import { iso, isoOrNull } from '../../core/http';
import { COUNT_BOUND } from '../../core/pagination';
import {
  anyOf,
  boundedCountQuery,
  pageCountColumn,
  pageLimit,
  pageOffset,
  statementsByShape,
} from '../../core/statements';
import type { Storage } from '../../core/storage';
import type { DbOrTx, Tx } from '../../db/client';
import {
  type BookingInstallment,
  type BookingStatusEntry,
  bookings,
  companies,
  payments as ledger,
  paymentOrders,
  properties,
  rentalUnits,
  users,
} from '../../db/schema';
import type {
  PaymentOrderRow,
  PaymentRow,
  PaymentsDeps,
  PaymentsService,
} from '../payments/payments.service';
import { createTenancyInTx } from '../tenants/tenants.service';
import {
  createAgreementLinks,
  parseSignature,
  renderAgreementPdf,
  sha256Hex,
  signAgreementPdf,
} from './bookings.agreement';
import { loadAgreementTemplate } from './bookings.template';

type BookingRow = typeof bookings.$inferSelect;

const OPEN_STATUSES = ['pending_payment', 'partially_paid', 'confirmed'] as const;

export interface BookingNames {
  propertyName: string;
  unitNumber: string;
  bookerName: string;
}

type AgreementLinks = ReturnType<typeof createAgreementLinks>;

function agreementDto(row: BookingRow, links: AgreementLinks | null): BookingDto['agreement'] {
  const a = row.agreement;
  if (!a) return null;
  return {
    generatedAt: a.generatedAt,
    sha256: a.sha256,
    url: links?.url(row.id, 'unsigned') ?? '',
    signed: a.signed
      ? {
          signedAt: a.signed.signedAt,
          signerName: a.signed.signerName,
          signatureType: a.signed.signatureType,
          ip: a.signed.ip,
          userAgent: a.signed.userAgent,
          unsignedSha256: a.signed.unsignedSha256,
          sha256: a.signed.sha256,
          url: links?.url(row.id, 'signed') ?? '',
        }
      : null,
  };
}

export function toBookingDto(
  row: BookingRow,
  names: BookingNames,
  links: AgreementLinks | null = null,
): BookingDto {
  return {
    agreement: agreementDto(row, links),
    ...names,
    _id: row.id,
    companyId: row.companyId,
    propertyId: row.propertyId,
    rentalUnitId: row.rentalUnitId,
    userId: row.userId,
    status: row.status,
    moveInDate: row.moveInDate,
    durationMonths: row.durationMonths,
    paymentPlan: row.paymentPlan,
    notes: row.notes,
    currency: row.currency,
    monthlyRent: row.monthlyRent,
    maintenanceCharges: row.maintenanceCharges,
    securityDeposit: row.securityDeposit,
    totalAmount: row.totalAmount,
    paidAmount: row.paidAmount,
    refundDueAmount: row.refundDueAmount,
    installments: row.installments,
    statusHistory: row.statusHistory,
    holdExpiresAt: isoOrNull(row.holdExpiresAt),
    cancellationReason: row.cancellationReason,
    tenantId: row.tenantId,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

function addMonths(isoDate: string, months: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.toISOString().slice(0, 10);
}

const entry = (status: string, note: string | null, byUserId: string | null): BookingStatusEntry => ({
  status,
  note,
  at: new Date().toISOString(),
  byUserId,
});

/**
 * Runs inside the payments transaction when a booking's order is first paid: updates the booking under its row lock
 * and, for the first payment, creates the booker's pending tenancy (in a savepoint, so that a refusal there never
 * loses the payment).
 */
export async function onBookingPaid(tx: Tx, order: PaymentOrderRow, payment: PaymentRow): Promise<void> {
  if (order.purpose !== 'booking' || !order.referenceId) return;
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, order.referenceId)).for('update');
  if (!booking) return;
  // What the booking still owes takes the payment; the rest (money for a closed booking, or beyond the total when
  // two orders of one booking were both paid) is kept as a refund due, never counted twice and never dropped.
  const closed = booking.status === 'cancelled' || booking.status === 'expired';
  const due = closed ? 0 : Math.max(0, booking.totalAmount - booking.paidAmount);
  const applied = Math.min(payment.amount, due);
  const surplus = payment.amount - applied;
  let history = booking.statusHistory;
  if (surplus > 0) {
    const why = closed ? `after ${booking.status}` : 'for an amount already paid';
    history = [
      ...history,
      entry(booking.status, `Payment ${payment.gatewayPaymentId} arrived ${why}: refund due`, null),
    ];
    await tx
      .update(bookings)
      .set({ refundDueAmount: booking.refundDueAmount + surplus, statusHistory: history })
      .where(eq(bookings.id, booking.id));
    await recordAudit(tx, {
      companyId: booking.companyId,
      action: 'booking.refund_due',
      entityType: 'booking',
      entityId: booking.id,
      summary: `Payment ${payment.gatewayPaymentId} of ${payment.amount} arrived ${why}: ${surplus} refund due`,
      after: { refundDueAmount: booking.refundDueAmount + surplus },
    });
  }
  if (applied === 0) return;
  const paidAt = new Date().toISOString();
  const paidAmount = booking.paidAmount + applied;
  // Installments are paid in order: each one the money received so far covers is paid.
  let covered = 0;
  const installments = booking.installments.map((i) => {
    covered += i.amount;
    return i.status === 'pending' && covered <= paidAmount ? { ...i, status: 'paid' as const, paidAt } : i;
  });
  const status = paidAmount >= booking.totalAmount ? 'confirmed' : 'partially_paid';
  let tenantId = booking.tenantId;
  if (!tenantId) {
    try {
      const tenancy = await tx.transaction(async (sp) =>
        createTenancyInTx(sp, {
          companyId: booking.companyId,
          rentalUnitId: booking.rentalUnitId,
          userId: booking.userId,
          status: 'pending',
          actorUserId: null,
          occupancyDetails: { moveInDate: booking.moveInDate },
          agreementDetails: {
            rentAmount: booking.monthlyRent,
            maintenanceCharges: booking.maintenanceCharges,
            securityDeposit: booking.securityDeposit,
            rentDueDate: Math.min(28, Number(booking.moveInDate.slice(8, 10))),
            leaseStartDate: booking.moveInDate,
            leaseEndDate: addMonths(booking.moveInDate, booking.durationMonths),
          },
          source: 'booking',
          bookingId: booking.id,
        }),
      );
      tenantId = tenancy._id;
    } catch {
      // Already a tenant of the unit (or the unit changed): the booking is paid all the same.
    }
  }
  await tx
    .update(bookings)
    .set({
      status,
      paidAmount,
      installments,
      tenantId,
      currentOrderId: null,
      holdExpiresAt: null,
      statusHistory:
        status === booking.status
          ? history
          : [...history, entry(status, `Payment ${payment.gatewayPaymentId} received`, null)],
    })
    .where(eq(bookings.id, booking.id));
  if (status !== booking.status) {
    await recordAudit(tx, {
      companyId: booking.companyId,
      action: 'booking.status_changed',
      entityType: 'booking',
      entityId: booking.id,
      summary: `${booking.status} → ${status} after payment ${payment.gatewayPaymentId}`,
      before: { status: booking.status, paidAmount: booking.paidAmount },
      after: { status, paidAmount },
    });
  }
}

/** Which filters a bookings list request uses: one statement per shape, built once (core/statements.ts). */
interface BookingListShape {
  /** Staff see the company's bookings; anyone else their own. */
  staff: boolean;
  statuses: boolean;
  propertyId: boolean;
  rentalUnitId: boolean;
  from: boolean;
  to: boolean;
  search: boolean;
}

function bookingListWhere(db: DbOrTx, shape: BookingListShape): SQL | undefined {
  const value = (name: string) => sql.placeholder(name);
  const filters: SQL[] = [
    shape.staff ? eq(bookings.companyId, value('companyId')) : eq(bookings.userId, value('userId')),
  ];
  if (shape.statuses) filters.push(anyOf(bookings.status, 'statuses'));
  if (shape.propertyId) filters.push(eq(bookings.propertyId, value('propertyId')));
  if (shape.rentalUnitId) filters.push(eq(bookings.rentalUnitId, value('rentalUnitId')));
  // The booking date, in UTC days, both ends included.
  if (shape.from) filters.push(sql`${bookings.createdAt} >= ${value('from')}::date`);
  if (shape.to) filters.push(sql`${bookings.createdAt} < ${value('to')}::date + 1`);
  if (shape.search) {
    // The bookers, units and properties that match, as bounded arrays (trigram and search-vector indexes): the page
    // is still read in the order of the list's index and filtered, rather than every booking of the company being
    // joined to the people and sorted.
    const like = value('like');
    const people = db
      .select({ id: users.id })
      .from(users)
      .where(or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like), ilike(users.email, like)))
      .limit(COUNT_BOUND);
    const inCompany = <T extends typeof rentalUnits.companyId | typeof properties.companyId>(column: T) =>
      shape.staff ? eq(column, value('companyId')) : undefined;
    const units = db
      .select({ id: rentalUnits.id })
      .from(rentalUnits)
      .where(and(inCompany(rentalUnits.companyId), ilike(rentalUnits.unitNumber, like)))
      .limit(COUNT_BOUND);
    const places = db
      .select({ id: properties.id })
      .from(properties)
      .where(and(inCompany(properties.companyId), ilike(properties.name, like)))
      .limit(COUNT_BOUND);
    filters.push(
      sql`(${bookings.userId} = any(array(${people})) or ${bookings.rentalUnitId} = any(array(${units}))
           or ${bookings.propertyId} = any(array(${places})))`,
    );
  }
  return and(...filters);
}

const bookingShapeOptions = {
  searches: (shape: BookingListShape) => shape.search,
};

const bookingPage = statementsByShape((db, shape: BookingListShape) => {
  const where = bookingListWhere(db, shape);
  return db
    .select({
      booking: bookings,
      propertyName: properties.name,
      unitNumber: rentalUnits.unitNumber,
      firstName: users.firstName,
      lastName: users.lastName,
      total: pageCountColumn(db, bookings, where, { bound: COUNT_BOUND, searches: shape.search }),
    })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .innerJoin(rentalUnits, eq(rentalUnits.id, bookings.rentalUnitId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(where)
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(pageLimit())
    .offset(pageOffset());
}, bookingShapeOptions);

const bookingCount = statementsByShape(
  (db, shape: BookingListShape) => boundedCountQuery(db, bookings, bookingListWhere(db, shape), COUNT_BOUND),
  bookingShapeOptions,
);

type Deps = PaymentsDeps & { storage?: Storage; payments: PaymentsService };

export function createBookingsService(deps: Deps) {
  const db = deps.db;
  const { payments } = deps;
  const links = createAgreementLinks(deps.config.jwtSecret);

  /** Property name, unit number and booker name of each booking, in one query. */
  async function dtos(rows: BookingRow[]): Promise<BookingDto[]> {
    if (rows.length === 0) return [];
    const names = await db
      .select({
        id: bookings.id,
        propertyName: properties.name,
        unitNumber: rentalUnits.unitNumber,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(bookings)
      .innerJoin(properties, eq(properties.id, bookings.propertyId))
      .innerJoin(rentalUnits, eq(rentalUnits.id, bookings.rentalUnitId))
      .innerJoin(users, eq(users.id, bookings.userId))
      .where(
        inArray(
          bookings.id,
          rows.map((r) => r.id),
        ),
      );
    const byId = new Map(names.map((n) => [n.id, n]));
    return rows.map((row) => {
      const n = byId.get(row.id);
      return toBookingDto(
        row,
        {
          propertyName: n?.propertyName ?? '',
          unitNumber: n?.unitNumber ?? '',
          bookerName: n ? `${n.firstName} ${n.lastName}`.trim() : '',
        },
        links,
      );
    });
  }

  async function dto(row: BookingRow): Promise<BookingDto> {
    const [one] = await dtos([row]);
    return one!;
  }

  function isStaffOf(
    ctx: AuthContext,
    companyId: string,
    feature: 'bookings_read' | 'bookings_update',
  ): boolean {
    return ctx.companyId === companyId && canUseFeature(accessContextOf(ctx), feature);
  }

  async function load(ctx: AuthContext, id: string): Promise<BookingRow> {
    const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
    if (!row || (row.userId !== ctx.userId && !isStaffOf(ctx, row.companyId, 'bookings_read'))) {
      throw notFound('Booking');
    }
    return row;
  }

  async function checkout(row: BookingRow, order: PaymentOrderRow): Promise<BookingCheckoutDto> {
    return {
      booking: await dto(row),
      order: { id: order.gatewayOrderId, amount: order.amount, currency: order.currency },
      keyId: payments.gateway.keyId,
      gateway: payments.gateway.mode,
    };
  }

  async function create(ctx: AuthContext, body: BookingCreateBody): Promise<BookingCheckoutDto> {
    if (body.moveInDate < today()) throw badRequest('The move-in date cannot be in the past', 'moveInDate');
    const [unit] = await db
      .select({
        unit: rentalUnits,
        propertyVerified: properties.verificationStatus,
        companyVerified: companies.isVerified,
        companyFeatures: companies.featuresList,
      })
      .from(rentalUnits)
      .innerJoin(properties, eq(properties.id, rentalUnits.propertyId))
      .innerJoin(companies, eq(companies.id, rentalUnits.companyId))
      .where(eq(rentalUnits.id, body.rentalUnitId));
    if (!unit) throw notFound('Rental unit');
    if (unit.propertyVerified !== 'verified' || unit.unit.verificationStatus === 'rejected') {
      throw notFound('Rental unit');
    }
    if (!unit.companyVerified) throw new AppError('CONFLICT', 'This company does not take bookings yet');
    // An empty plan feature list means every feature (Enterprise), as planAllows reads it.
    if (unit.companyFeatures.length > 0 && !unit.companyFeatures.includes('bookings_write')) {
      throw featureNotInPlan('bookings_write');
    }
    if (!unit.unit.isAvailable || unit.unit.status !== 'Available') {
      throw conflict('This unit is not available for booking');
    }
    const u = unit.unit;
    const maintenance = u.maintenanceIncluded ? 0 : u.maintenanceAmount;
    const total = u.securityDeposit + u.rent + maintenance;
    const installments: BookingInstallment[] =
      body.paymentPlan === 'installments'
        ? splitInstallments(total, body.installmentCount ?? 2).map((amount, i) => ({
            number: i + 1,
            amount,
            dueDate: addMonths(today(), i),
            status: 'pending',
            paidAt: null,
          }))
        : [];
    const firstAmount = installments[0]?.amount ?? total;
    const holdExpiresAt = new Date(Date.now() + deps.config.payments.holdMinutes * 60_000);
    await expireHolds();
    try {
      const made = await db.transaction(async (tx) => {
        const [held] = await tx
          .select({ id: bookings.id })
          .from(bookings)
          .where(and(eq(bookings.rentalUnitId, u.id), inArray(bookings.status, [...OPEN_STATUSES])))
          .limit(1);
        if (held) throw conflict('This unit is already booked or held for another booking');
        const [row] = await tx
          .insert(bookings)
          .values({
            companyId: u.companyId,
            propertyId: u.propertyId,
            rentalUnitId: u.id,
            userId: ctx.userId,
            moveInDate: body.moveInDate,
            durationMonths: body.durationMonths,
            paymentPlan: body.paymentPlan,
            notes: body.notes ?? '',
            currency: u.currency,
            monthlyRent: u.rent,
            maintenanceCharges: maintenance,
            securityDeposit: u.securityDeposit,
            totalAmount: total,
            installments,
            statusHistory: [entry('pending_payment', 'Booked', ctx.userId)],
            holdExpiresAt,
          })
          .returning();
        const order = await payments.createOrder(tx, {
          companyId: u.companyId,
          userId: ctx.userId,
          amount: firstAmount,
          currency: u.currency,
          purpose: 'booking',
          referenceId: row!.id,
          installmentNumber: installments[0] ? 1 : null,
        });
        const [withOrder] = await tx
          .update(bookings)
          .set({ currentOrderId: order.id })
          .where(eq(bookings.id, row!.id))
          .returning();
        await recordAudit(tx, {
          companyId: u.companyId,
          action: 'booking.created',
          entityType: 'booking',
          entityId: row!.id,
          summary: `Unit ${u.unitNumber} booked (${body.paymentPlan}), total ${total}`,
          after: { status: 'pending_payment', totalAmount: total },
        });
        return { row: withOrder!, order };
      });
      return await checkout(made.row, made.order);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('This unit is already booked or held for another booking');
      throw error;
    }
  }

  async function detail(ctx: AuthContext, id: string): Promise<BookingDetailDto> {
    const row = await load(ctx, id);
    const paid = await payments.paymentsOfReference(row.id);
    return {
      ...(await dto(row)),
      payments: paid.map((p) => ({
        _id: p.id,
        gatewayPaymentId: p.gatewayPaymentId,
        amount: p.amount,
        currency: p.currency,
        status: p.status,
        method: p.method,
        source: p.source,
        failureReason: p.failureReason,
        createdAt: iso(p.createdAt),
      })),
    };
  }

  async function verifyPayment(ctx: AuthContext, body: VerifyBookingPaymentBody): Promise<BookingDetailDto> {
    // The booker's own booking and its order with this gateway id, in one read.
    const [found] = await db
      .select({ order: paymentOrders })
      .from(paymentOrders)
      .innerJoin(bookings, eq(bookings.id, paymentOrders.referenceId))
      .where(
        and(
          eq(bookings.id, body.bookingId),
          eq(bookings.userId, ctx.userId),
          eq(paymentOrders.gatewayOrderId, body.razorpay_order_id),
          eq(paymentOrders.userId, ctx.userId),
        ),
      );
    if (!found) throw new AppError('VALIDATION_ERROR', 'Payment verification failed');
    const { order } = found;
    await payments.verifyClientPayment({
      orderRowId: order.id,
      userId: ctx.userId,
      clientOrderId: body.razorpay_order_id,
      paymentId: body.razorpay_payment_id,
      signature: body.razorpay_signature,
    });
    return detail(ctx, body.bookingId);
  }

  /**
   * Before the booker is asked for more money: whatever the gateway took for the booking's earlier orders is
   * recorded first, so the new order asks only for what is still due.
   */
  async function settleOpenOrders(ctx: AuthContext, id: string): Promise<void> {
    const [own] = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.id, id), eq(bookings.userId, ctx.userId)));
    if (own) await payments.settleOpenOrdersOf(own.id);
  }

  /** An order for installment `n`: only the next unpaid one, and only while the booking is open. */
  async function installmentOrder(ctx: AuthContext, id: string, n: number): Promise<BookingCheckoutDto> {
    await settleOpenOrders(ctx, id);
    const made = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(bookings)
        .where(and(eq(bookings.id, id), eq(bookings.userId, ctx.userId)))
        .for('update');
      if (!row) throw notFound('Booking');
      if (row.paymentPlan !== 'installments') throw conflict('This booking is not paid by installments');
      if (row.status !== 'partially_paid' && row.status !== 'pending_payment') {
        throw conflict(`A ${row.status.replace('_', ' ')} booking takes no payment`);
      }
      const next = row.installments.find((i) => i.status === 'pending');
      if (!next || next.number !== n) {
        throw conflict(next ? `Pay installment ${next.number} first` : 'Every installment is paid');
      }
      if (row.currentOrderId) {
        const [open] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, row.currentOrderId));
        if (open && open.status === 'created' && open.installmentNumber === n) return { row, order: open };
        if (open && open.status === 'created') {
          await tx.update(paymentOrders).set({ status: 'expired' }).where(eq(paymentOrders.id, open.id));
        }
      }
      const order = await payments.createOrder(tx, {
        companyId: row.companyId,
        userId: ctx.userId,
        amount: next.amount,
        currency: row.currency,
        purpose: 'booking',
        referenceId: row.id,
        installmentNumber: n,
      });
      const [updated] = await tx
        .update(bookings)
        .set({ currentOrderId: order.id })
        .where(eq(bookings.id, row.id))
        .returning();
      return { row: updated!, order };
    });
    return checkout(made.row, made.order);
  }

  /** The booker's Checkout answer for installment `n`: the order must be that installment's order of the booking. */
  async function verifyInstallment(
    ctx: AuthContext,
    body: VerifyBookingInstallmentBody,
  ): Promise<BookingDetailDto> {
    const failed = () => new AppError('VALIDATION_ERROR', 'Installment payment verification failed');
    const [order] = await db
      .select()
      .from(paymentOrders)
      .innerJoin(bookings, eq(bookings.id, paymentOrders.referenceId))
      .where(
        and(
          eq(bookings.id, body.bookingId),
          eq(bookings.userId, ctx.userId),
          eq(paymentOrders.gatewayOrderId, body.razorpay_order_id),
          eq(paymentOrders.userId, ctx.userId),
          eq(paymentOrders.installmentNumber, body.installmentNumber),
        ),
      );
    if (!order) throw failed();
    try {
      await payments.verifyClientPayment({
        orderRowId: order.payment_orders.id,
        userId: ctx.userId,
        clientOrderId: body.razorpay_order_id,
        paymentId: body.razorpay_payment_id,
        signature: body.razorpay_signature,
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'VALIDATION_ERROR') throw failed();
      throw error;
    }
    return detail(ctx, body.bookingId);
  }

  /** An order for everything still unpaid (the rest of an installment plan, or a full booking's total). */
  async function fullPaymentOrder(ctx: AuthContext, id: string): Promise<BookingCheckoutDto> {
    await settleOpenOrders(ctx, id);
    const made = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(bookings)
        .where(and(eq(bookings.id, id), eq(bookings.userId, ctx.userId)))
        .for('update');
      if (!row) throw notFound('Booking');
      if (row.status !== 'partially_paid' && row.status !== 'pending_payment') {
        throw conflict(`A ${row.status.replace('_', ' ')} booking takes no payment`);
      }
      const due = row.totalAmount - row.paidAmount;
      if (due <= 0) throw conflict('Everything is paid');
      if (row.currentOrderId) {
        const [open] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, row.currentOrderId));
        if (open && open.status === 'created' && open.installmentNumber === null && open.amount === due) {
          return { row, order: open };
        }
        // The open order of an installment is replaced: only one order of a booking is open at a time.
        if (open && open.status === 'created') {
          await tx.update(paymentOrders).set({ status: 'expired' }).where(eq(paymentOrders.id, open.id));
        }
      }
      const order = await payments.createOrder(tx, {
        companyId: row.companyId,
        userId: ctx.userId,
        amount: due,
        currency: row.currency,
        purpose: 'booking',
        referenceId: row.id,
        installmentNumber: null,
      });
      const [updated] = await tx
        .update(bookings)
        .set({ currentOrderId: order.id })
        .where(eq(bookings.id, row.id))
        .returning();
      return { row: updated!, order };
    });
    return checkout(made.row, made.order);
  }

  /**
   * Cancels (booker, or staff with bookings_update): releases the unit; the captured payments are then refunded
   * through the gateway, and what the gateway does not refund stays recorded as a refund due.
   */
  async function cancel(ctx: AuthContext, id: string, reason: string): Promise<BookingDto> {
    const cancelled = await cancelRow(ctx, id, reason);
    if (cancelled.refundDueAmount <= 0) return dto(cancelled);
    return dto(await refundDue(cancelled, ctx.userId));
  }

  /** Refunds the captured, not yet refunded payments of a cancelled booking; lowers its refund due by each refund. */
  async function refundDue(booking: BookingRow, actorUserId: string | null): Promise<BookingRow> {
    const ledgerRows = await payments.paymentsOfReference(booking.id);
    const refunds: { amount: number; note: string }[] = [];
    let budget = booking.refundDueAmount;
    for (const p of ledgerRows) {
      if (p.status !== 'captured' || budget <= 0) continue;
      try {
        const refund = await payments.refundPayment({
          gatewayPaymentId: p.gatewayPaymentId,
          amount: Math.min(budget, p.amount),
          receipt: booking.id,
        });
        budget -= refund.amount;
        refunds.push({
          amount: refund.amount,
          note: `Refund ${refund.refundId} of ${refund.amount} for ${p.gatewayPaymentId} (${refund.status})`,
        });
      } catch (error) {
        // Already refunded, or the gateway refused: the amount stays due and staff see it.
        deps.log?.error({ err: error, bookingId: booking.id }, 'booking refund failed');
      }
    }
    if (refunds.length === 0) return booking;
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(bookings).where(eq(bookings.id, booking.id)).for('update');
      const refunded = refunds.reduce((sum, r) => sum + r.amount, 0);
      const [updated] = await tx
        .update(bookings)
        .set({
          refundDueAmount: Math.max(0, row!.refundDueAmount - refunded),
          statusHistory: [
            ...row!.statusHistory,
            ...refunds.map((r) => entry(row!.status, r.note, actorUserId)),
          ],
        })
        .where(eq(bookings.id, booking.id))
        .returning();
      await recordAudit(tx, {
        companyId: row!.companyId,
        actorUserId,
        action: 'booking.refunded',
        entityType: 'booking',
        entityId: row!.id,
        summary: refunds.map((r) => r.note).join('; '),
        before: { refundDueAmount: row!.refundDueAmount },
        after: { refundDueAmount: updated!.refundDueAmount },
      });
      return updated!;
    });
  }

  async function cancelRow(ctx: AuthContext, id: string, reason: string): Promise<BookingRow> {
    const visible = await load(ctx, id);
    if (visible.userId !== ctx.userId && !isStaffOf(ctx, visible.companyId, 'bookings_update')) {
      throw new AppError('FORBIDDEN', 'You cannot cancel this booking');
    }
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
      if (!row) throw notFound('Booking');
      if (!(OPEN_STATUSES as readonly string[]).includes(row.status)) {
        throw conflict(`A ${row.status.replace('_', ' ')} booking cannot be cancelled`);
      }
      if (row.currentOrderId) {
        await tx
          .update(paymentOrders)
          .set({ status: 'expired' })
          .where(and(eq(paymentOrders.id, row.currentOrderId), eq(paymentOrders.status, 'created')));
      }
      const [updated] = await tx
        .update(bookings)
        .set({
          status: 'cancelled',
          cancellationReason: reason,
          currentOrderId: null,
          holdExpiresAt: null,
          refundDueAmount: row.refundDueAmount + row.paidAmount,
          statusHistory: [...row.statusHistory, entry('cancelled', reason, ctx.userId)],
        })
        .where(eq(bookings.id, id))
        .returning();
      await recordAudit(tx, {
        companyId: row.companyId,
        action: 'booking.cancelled',
        entityType: 'booking',
        entityId: row.id,
        summary: reason,
        before: { status: row.status },
        after: { status: 'cancelled', refundDueAmount: updated!.refundDueAmount },
      });
      return updated!;
    });
  }

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
    const [data] = await db
      .select({
        booking: bookings,
        company: companies,
        property: properties,
        unitNumber: rentalUnits.unitNumber,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(bookings)
      .innerJoin(companies, eq(companies.id, bookings.companyId))
      .innerJoin(properties, eq(properties.id, bookings.propertyId))
      .innerJoin(rentalUnits, eq(rentalUnits.id, bookings.rentalUnitId))
      .innerJoin(users, eq(users.id, bookings.userId))
      .where(and(eq(bookings.id, id), eq(bookings.companyId, ctx.companyId)));
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
      const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
      if (!row) throw notFound('Booking');
      if (row.agreement?.signed) throw conflict('The agreement is already signed');
      const [saved] = await tx
        .update(bookings)
        .set({
          agreement: {
            key,
            sha256,
            generatedAt: generatedAt.toISOString(),
            generatedBy: ctx.userId,
            signed: null,
          },
          statusHistory: [...row.statusHistory, entry(row.status, 'Rental agreement generated', ctx.userId)],
        })
        .where(eq(bookings.id, id))
        .returning();
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
    const result = await dto(updated.saved);
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
    const visible = await load(ctx, id);
    if (visible.userId !== ctx.userId)
      throw new AppError('FORBIDDEN', 'Only the booker can sign this agreement');
    const signature = parseSignature(body.signature);
    if (typeof signature === 'string') throw badRequest(signature, 'signature');
    const saved = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
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
      const [signer] = await tx
        .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(eq(users.id, ctx.userId));
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
        });
      } catch {
        throw badRequest('The drawn signature could not be read as a PNG image', 'signature');
      }
      const sha256 = sha256Hex(signedPdf);
      const key = agreement.key.replace(/\.pdf$/, '-signed.pdf');
      await storage().put(key, Buffer.from(signedPdf), 'application/pdf');
      const [updated] = await tx
        .update(bookings)
        .set({
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
        })
        .where(eq(bookings.id, id))
        .returning();
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
    const result = await dto(saved);
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
    const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
    const linked = links.verify(id, version, exp, sig);
    const allowed =
      row &&
      (linked ||
        (ctx !== null && (row.userId === ctx.userId || isStaffOf(ctx, row.companyId, 'bookings_read'))));
    if (!row || !allowed) throw notFound('Agreement');
    const file = version === 'signed' ? row.agreement?.signed : row.agreement;
    if (!file) throw notFound('Agreement');
    return { data: await readAll(file.key), sha256: file.sha256 };
  }

  /**
   * The booker's own bookings, or the company's for staff with bookings_read. One statement for the page with its
   * names (read in the order of a `(company_id, <filter>, created_at, id)` index) and a count bounded at COUNT_BOUND
   * rows, built once per filter shape (see bookingPage); a search counts in a statement of its own.
   */
  async function list(ctx: AuthContext, query: BookingListQuery) {
    const staff = ctx.companyId !== null && isStaffOf(ctx, ctx.companyId, 'bookings_read');
    const statuses = [...new Set([...(query.status ?? []), ...(query['status[]'] ?? [])])];
    const shape: BookingListShape = {
      staff,
      statuses: statuses.length > 0,
      propertyId: Boolean(query.propertyId),
      rentalUnitId: Boolean(query.rentalUnitId),
      from: Boolean(query.from),
      to: Boolean(query.to),
      search: Boolean(query.search),
    };
    const offset = (query.page - 1) * query.limit;
    const values = {
      companyId: ctx.companyId,
      userId: ctx.userId,
      statuses,
      propertyId: query.propertyId,
      rentalUnitId: query.rentalUnitId,
      from: query.from,
      to: query.to,
      like: query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined,
      limit: query.limit + 1,
      offset,
    };
    const rows = await bookingPage(db, shape).execute(values);
    const counted = rows[0]?.total ?? (await bookingCount(db, shape).execute(values))[0]?.total ?? 0;
    const hasNext = rows.length > query.limit;
    const total = Math.max(Math.min(counted, COUNT_BOUND), offset + Math.min(rows.length, query.limit));
    const data = rows.slice(0, query.limit).map((r) =>
      toBookingDto(
        r.booking,
        {
          propertyName: r.propertyName,
          unitNumber: r.unitNumber,
          bookerName: `${r.firstName} ${r.lastName}`.trim(),
        },
        links,
      ),
    );
    return { rows: data, total, hasNext };
  }

  /**
   * Expires holds past their time in one statement (safe on several processes: each row is updated once) and
   * closes their open orders; the partial unique index then lets the unit be booked again.
   */
  async function expireHolds(): Promise<number> {
    return db.transaction(async (tx) => {
      const expired = await tx
        .update(bookings)
        .set({
          status: 'expired',
          holdExpiresAt: null,
          statusHistory: sql`${bookings.statusHistory} || jsonb_build_array(jsonb_build_object('status', 'expired', 'note', 'Payment hold expired', 'at', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'byUserId', null))`,
        })
        .where(and(eq(bookings.status, 'pending_payment'), sql`${bookings.holdExpiresAt} < now()`))
        .returning({ id: bookings.id, orderId: bookings.currentOrderId, companyId: bookings.companyId });
      for (const row of expired) {
        await recordAudit(tx, {
          companyId: row.companyId,
          actorUserId: null,
          action: 'booking.status_changed',
          entityType: 'booking',
          entityId: row.id,
          summary: 'pending_payment → expired (payment hold expired)',
          before: { status: 'pending_payment' },
          after: { status: 'expired' },
        });
        if (!row.orderId) continue;
        await tx
          .update(paymentOrders)
          .set({ status: 'expired' })
          .where(and(eq(paymentOrders.id, row.orderId), eq(paymentOrders.status, 'created')));
      }
      return expired.length;
    });
  }

  /** Staff status change with a note (allowed transitions only, 409 otherwise). */
  async function updateStatus(ctx: CompanyContext, id: string, body: BookingStatusBody): Promise<BookingDto> {
    const row = await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(bookings)
        .where(and(eq(bookings.id, id), eq(bookings.companyId, ctx.companyId)))
        .for('update');
      if (!current) throw notFound('Booking');
      if (!BOOKING_STATUS_TRANSITIONS[current.status].includes(body.status)) {
        throw conflict(`A booking cannot move from ${current.status} to ${body.status}`);
      }
      const [updated] = await tx
        .update(bookings)
        .set({
          status: body.status,
          statusHistory: [...current.statusHistory, entry(body.status, body.note ?? null, ctx.userId)],
        })
        .where(eq(bookings.id, id))
        .returning();
      await recordAudit(tx, {
        companyId: ctx.companyId,
        action: 'booking.status_changed',
        entityType: 'booking',
        entityId: id,
        summary: `${current.status} → ${body.status}${body.note ? `: ${body.note}` : ''}`,
        before: { status: current.status },
        after: { status: body.status },
      });
      return updated!;
    });
    return dto(row);
  }

  /** Counts by status, money collected and refunded (ledger), outstanding on open bookings, last 12 months. */
  async function stats(ctx: CompanyContext): Promise<BookingStatsDto> {
    const companyId = ctx.companyId;
    const [statusRows, money, outstandingRows, months] = await Promise.all([
      db
        .select({ status: bookings.status, n: count() })
        .from(bookings)
        .where(eq(bookings.companyId, companyId))
        .groupBy(bookings.status),
      db
        .select({
          collected: sql<number>`coalesce(sum(${ledger.amount}) filter (where ${ledger.status} = 'captured'), 0)::int`,
          refunded: sql<number>`coalesce(sum(${ledger.amount}) filter (where ${ledger.status} = 'refunded'), 0)::int`,
        })
        .from(ledger)
        .innerJoin(paymentOrders, eq(paymentOrders.id, ledger.orderId))
        .where(and(eq(ledger.companyId, companyId), eq(paymentOrders.purpose, 'booking'))),
      db
        .select({
          outstanding: sql<number>`coalesce(sum(${bookings.totalAmount} - ${bookings.paidAmount}), 0)::int`,
        })
        .from(bookings)
        .where(
          and(
            eq(bookings.companyId, companyId),
            inArray(bookings.status, ['pending_payment', 'partially_paid']),
          ),
        ),
      db
        .select({
          month: sql<string>`to_char(date_trunc('month', ${bookings.createdAt}), 'YYYY-MM')`,
          bookings: sql<number>`count(*)::int`,
          collected: sql<number>`coalesce(sum(${bookings.paidAmount}), 0)::int`,
        })
        .from(bookings)
        .where(
          and(eq(bookings.companyId, companyId), sql`${bookings.createdAt} >= now() - interval '12 months'`),
        )
        .groupBy(sql`1`)
        .orderBy(sql`1`),
    ]);
    const byStatus: Record<string, number> = {};
    for (const status of [
      'pending_payment',
      'partially_paid',
      'confirmed',
      'completed',
      'cancelled',
      'expired',
    ]) {
      byStatus[status] = 0;
    }
    for (const row of statusRows) byStatus[row.status] = row.n;
    return {
      byStatus,
      total: statusRows.reduce((sum, r) => sum + r.n, 0),
      collected: money[0]?.collected ?? 0,
      refunded: money[0]?.refunded ?? 0,
      outstanding: outstandingRows[0]?.outstanding ?? 0,
      byMonth: months,
    };
  }

  return {
    updateStatus,
    stats,
    create,
    detail,
    verifyPayment,
    verifyInstallment,
    fullPaymentOrder,
    generateAgreement,
    signAgreement,
    agreementFile,
    installmentOrder,
    cancel,
    list,
    expireHolds,
    payments,
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
