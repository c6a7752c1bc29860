/**
 * Metered utilities: what a reading range costs under a meter's tariff, and how a shared meter's bill is split.
 * Readings carry at most two decimals and are computed in hundredths of a unit; money is integer paise.
 */

export const METER_TYPES = ['electricity', 'water', 'gas'] as const;
export type MeterType = (typeof METER_TYPES)[number];

/** The unit each meter type reads in. */
export const METER_UNITS: Record<MeterType, string> = { electricity: 'kWh', water: 'kL', gas: 'm³' };
export const METER_TYPE_LABELS: Record<MeterType, string> = {
  electricity: 'Electricity',
  water: 'Water',
  gas: 'Gas',
};

export interface TariffSlab {
  /** Consumption (whole units) this slab reaches to; null: everything above the previous slab. */
  upTo: number | null;
  /** Paise per unit within the slab. */
  perUnit: number;
}

/** A flat price per unit, or slabs applied in order; plus a fixed charge per bill (paise). */
export type Tariff = { perUnit: number; fixedCharge: number } | { slabs: TariffSlab[]; fixedCharge: number };

export const toHundredths = (reading: number): number => Math.round(reading * 100);

/** Half up to the paisa of an amount kept in hundredths of a paisa. */
const roundHundredths = (value: number): number => Math.floor((value + 50) / 100);

/**
 * The charge for `consumption` units: each slab prices the units between the previous slab's `upTo` and its own
 * (the last, open slab the rest), rounded half up to the paisa, plus the fixed charge.
 * 250 units at 0–100 @ ₹3, 100–200 @ ₹4.50, rest @ ₹6 → 300 + 450 + 300 = ₹1,050.00.
 */
export function tariffCharge(
  consumption: number,
  tariff: Tariff,
): { usage: number; fixedCharge: number; total: number } {
  const units = Math.max(0, toHundredths(consumption));
  let hundredths = 0;
  if ('perUnit' in tariff) {
    hundredths = units * tariff.perUnit;
  } else {
    let from = 0;
    for (const slab of tariff.slabs) {
      const to = slab.upTo === null ? Number.POSITIVE_INFINITY : slab.upTo * 100;
      if (units <= from) break;
      hundredths += (Math.min(units, to) - from) * slab.perUnit;
      from = to;
    }
  }
  const usage = roundHundredths(hundredths);
  return { usage, fixedCharge: tariff.fixedCharge, total: usage + tariff.fixedCharge };
}

/**
 * Splits `total` paise by shares in percent (two decimals at most, adding up to 100) with the largest remainder:
 * each share gets its floor, the paise left go one each to the largest remainders (earlier shares first on ties),
 * so the parts always add up to `total`.
 */
export function splitByShares(total: number, sharePercents: readonly number[]): number[] {
  const basisPoints = sharePercents.map((p) => Math.round(p * 100));
  const whole = basisPoints.reduce((a, b) => a + b, 0);
  if (whole === 0) return sharePercents.map(() => 0);
  const exact = basisPoints.map((bp) => total * bp);
  const parts = exact.map((e) => Math.floor(e / whole));
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((e, i) => ({ i, remainder: e % whole }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

export interface ReadingStep {
  reading: number;
  /** The reading of a new meter: it starts a new count, nothing is consumed across the change. */
  meterReplaced: boolean;
}

/**
 * Units consumed from the first reading to the last: the sum of each step's rise; a step onto a replaced meter
 * adds nothing (its reading is the new meter's start).
 */
export function consumptionOf(readings: readonly ReadingStep[]): number {
  let hundredths = 0;
  for (let i = 1; i < readings.length; i++) {
    const step = readings[i]!;
    if (!step.meterReplaced)
      hundredths += toHundredths(step.reading) - toHundredths(readings[i - 1]!.reading);
  }
  return hundredths / 100;
}

/** A reading with Indian digit grouping: 4210 → "4,210", 123456.5 → "1,23,456.5". */
export const formatReading = (reading: number): string => READING_FORMAT.format(reading);
const READING_FORMAT = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** The invoice line text of a reading range: "Electricity 4,210 → 4,398 kWh", and the share of a shared meter. */
export function meterLineDescription(input: {
  type: MeterType;
  label: string;
  readings: readonly ReadingStep[];
  sharePercent: number | null;
}): string {
  const first = input.readings[0]!;
  const last = input.readings.at(-1)!;
  const unit = METER_UNITS[input.type];
  const name = input.label.trim()
    ? `${METER_TYPE_LABELS[input.type]} (${input.label.trim()})`
    : METER_TYPE_LABELS[input.type];
  const replaced = input.readings.slice(1).some((r) => r.meterReplaced);
  let text = `${name} ${formatReading(first.reading)} → ${formatReading(last.reading)} ${unit}`;
  if (replaced) text += `, meter replaced: ${formatReading(consumptionOf(input.readings))} ${unit}`;
  if (input.sharePercent !== null) text += `, ${formatReading(input.sharePercent)}% share`;
  return text.slice(0, 200);
}
