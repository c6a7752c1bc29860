import {
  consumptionOf,
  type InvoiceLineInput,
  meterLineDescription,
  splitByShares,
  type Tariff,
  tariffCharge,
} from '@rentora/shared';
import { groupBy } from '../../core/collections';
import type { Tx } from '../../db/client';
import type { meterCharges, TariffRow } from '../../db/schema';
import {
  allSharesOf,
  insertMeterCharges,
  type PayerRow,
  payersOf,
  type ReadingRow,
  readingsUpTo,
} from './meters-billing.repo';

export type MeterCharge = Omit<typeof meterCharges.$inferInsert, 'invoiceId'>;

/** A utilities line of a tenancy's invoice and the reading range it bills. */
export interface MeterBill {
  line: InvoiceLineInput | null;
  charge: MeterCharge;
}

export const tariffOf = (row: TariffRow): Tariff =>
  row.slabs
    ? { slabs: row.slabs, fixedCharge: row.fixedCharge }
    : { perUnit: row.perUnit ?? 0, fixedCharge: row.fixedCharge };

/**
 * Where a unit's bill of a meter starts: after the last reading billed to the unit, and never before the last reading
 * taken by the tenancy's move-in (a new tenant does not pay for the vacancy before them); the meter's first reading
 * when neither exists. Answers the index in `readings`, or -1 without readings.
 */
function baseIndex(readings: ReadingRow[], payer: PayerRow): number {
  if (readings.length === 0) return -1;
  let base = 0;
  readings.forEach((r, i) => {
    if (r.readAt <= payer.startDate) base = Math.max(base, i);
    if (r.id === payer.billedReadingId) base = Math.max(base, i);
  });
  return base;
}

/**
 * The utilities of the tenancies a rent run bills: for each meter their unit pays for, the readings read by `last`
 * and not billed to the unit yet make one line (consumption × tariff + fixed charge, the unit's share of a shared
 * meter split with the largest remainder so the shares add up to the meter's bill).
 */
export async function meterBillsFor(
  tx: Tx,
  companyId: string,
  tenancyIds: string[],
  last: string,
): Promise<Map<string, MeterBill[]>> {
  const bills = new Map<string, MeterBill[]>();
  const payers = await payersOf(tx, companyId, tenancyIds);
  if (payers.length === 0) return bills;
  const byMeter = groupBy(payers, (p) => p.meterId);
  const bounds = [...byMeter].map(([meterId, rows]) => ({
    meterId,
    from: rows.every((r) => r.billedReadAt !== null) ? rows.map((r) => r.billedReadAt!).sort()[0]! : null,
  }));
  const readings = groupBy(await readingsUpTo(tx, bounds, last), (r) => r.meterId);
  const shared = [...byMeter].filter(([, rows]) => rows[0]!.shareBp !== null).map(([id]) => id);
  const shares = groupBy(await allSharesOf(tx, shared), (s) => s.meterId);
  for (const [meterId, rows] of byMeter) {
    const list = readings.get(meterId) ?? [];
    const meterShares = shares.get(meterId) ?? [];
    for (const payer of rows) {
      const from = baseIndex(list, payer);
      if (from < 0 || from >= list.length - 1) continue;
      const range = list.slice(from);
      const steps = range.map((r) => ({ reading: r.hundredths / 100, meterReplaced: r.meterReplaced }));
      const consumption = consumptionOf(steps);
      const total = tariffCharge(consumption, tariffOf(payer.tariff)).total;
      let amount = total;
      if (payer.shareBp !== null) {
        const parts = splitByShares(
          total,
          meterShares.map((s) => s.shareBp / 100),
        );
        amount = parts[meterShares.findIndex((s) => s.rentalUnitId === payer.rentalUnitId)] ?? 0;
      }
      const description = meterLineDescription({
        type: payer.type,
        label: payer.label,
        readings: steps,
        sharePercent: payer.shareBp === null ? null : payer.shareBp / 100,
      });
      const bill: MeterBill = {
        line: amount > 0 ? { description, quantity: 1, unitPrice: amount, kind: 'utilities' } : null,
        charge: {
          companyId,
          meterId,
          rentalUnitId: payer.rentalUnitId,
          tenancyId: payer.tenancyId,
          fromReadingId: range[0]!.id,
          toReadingId: range.at(-1)!.id,
          consumptionHundredths: Math.round(consumption * 100),
          amount,
        },
      };
      const mine = bills.get(payer.tenancyId);
      if (mine) mine.push(bill);
      else bills.set(payer.tenancyId, [bill]);
    }
  }
  return bills;
}

/** Marks the billed reading ranges with their invoices; the unique keys refuse a range billed before. */
export async function recordMeterCharges(
  tx: Tx,
  charges: (MeterCharge & { invoiceId: string })[],
): Promise<void> {
  await insertMeterCharges(tx, charges);
}
