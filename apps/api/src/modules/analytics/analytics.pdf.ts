import {
  type AnalyticsOverview,
  type BookingsReport,
  formatCount,
  formatDateTime,
  formatMoney,
  formatMoneyCompact,
  formatMonth,
  type MaintenanceReport,
  type OccupancyReport,
  type RevenueReport,
  zoneLabel,
} from '@rentora/shared';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { loadPdfLib, rgb } from '../../core/lazy-modules';
import { embedDocumentFonts, printable } from '../../core/pdf-kit';

const INK = rgb(0.06, 0.09, 0.16);
const MUTED = rgb(0.39, 0.45, 0.55);
const BRAND = rgb(0.31, 0.27, 0.9);
const LIGHT = rgb(0.65, 0.71, 0.99);
const RULE = rgb(0.89, 0.91, 0.94);

/** A chart's month label: "2026-09" → "Sep 26". */
const shortMonth = (month: string): string => `${formatMonth(month, { year: false })} ${month.slice(2, 4)}`;

function barChart(
  page: PDFPage,
  font: PDFFont,
  options: { x: number; y: number; width: number; height: number; title: string },
  bars: { label: string; value: number; second?: number }[],
  max: number,
  format: (value: number) => string,
) {
  const { x, y, width, height } = options;
  page.drawText(options.title, { x, y: y + height + 14, size: 11, font, color: INK });
  page.drawLine({ start: { x, y }, end: { x: x + width, y }, color: RULE, thickness: 1 });
  const slot = width / Math.max(1, bars.length);
  const barWidth = Math.max(4, slot * (bars.some((bar) => bar.second !== undefined) ? 0.35 : 0.6));
  bars.forEach((bar, index) => {
    const left = x + index * slot + (slot - barWidth * (bar.second !== undefined ? 2 : 1)) / 2;
    const scaled = (value: number) => (max > 0 ? (value / max) * height : 0);
    page.drawRectangle({ x: left, y, width: barWidth, height: scaled(bar.value), color: BRAND });
    if (bar.second !== undefined) {
      page.drawRectangle({
        x: left + barWidth,
        y,
        width: barWidth,
        height: scaled(bar.second),
        color: LIGHT,
      });
    }
    page.drawText(bar.label, { x: x + index * slot + 2, y: y - 12, size: 7, font, color: MUTED });
  });
  page.drawText(`max ${format(max)}`, { x: x + width - 80, y: y + height + 14, size: 8, font, color: MUTED });
}

/** The monthly owner report: KPIs, occupancy and rent charts, units by property; maintenance and bookings. */
export async function renderOwnerReport(input: {
  companyName: string;
  /** The company's zone: the time the report was generated is written in it. */
  timeZone: string;
  month: string;
  overview: AnalyticsOverview;
  occupancy: OccupancyReport;
  revenue: RevenueReport;
  maintenance: MaintenanceReport;
  bookings: BookingsReport;
}): Promise<Uint8Array> {
  const { PDFDocument } = await loadPdfLib();
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Rentora owner report ${input.month}`);
  pdf.setAuthor('Rentora');
  pdf.setCreationDate(new Date());
  const page = pdf.addPage([595.28, 841.89]);
  const { font, bold } = await embedDocumentFonts(pdf);

  page.drawText('Monthly owner report', { x: 48, y: 790, size: 20, font: bold, color: INK });
  page.drawText(printable(`${input.companyName} - ${formatMonth(input.month)}`), {
    x: 48,
    y: 768,
    size: 12,
    font,
    color: MUTED,
  });

  let y = 735;
  const columns = 3;
  input.overview.kpis.forEach((kpi, index) => {
    const x = 48 + (index % columns) * 170;
    if (index % columns === 0 && index > 0) y -= 28;
    const value =
      kpi.unit === 'percent'
        ? `${kpi.value}%`
        : kpi.unit === 'money'
          ? formatMoney(kpi.value)
          : kpi.unit === 'hours'
            ? `${kpi.value} h`
            : formatCount(kpi.value);
    page.drawText(printable(kpi.label), { x, y, size: 9, font, color: MUTED });
    page.drawText(value, { x, y: y - 13, size: 12, font: bold, color: INK });
  });

  const months = input.occupancy.byMonth.slice(-12);
  barChart(
    page,
    font,
    { x: 48, y: 450, width: 500, height: 110, title: 'Occupancy by month (%)' },
    months.map((row) => ({ label: shortMonth(row.month), value: row.rate })),
    100,
    (value) => `${value}%`,
  );
  const rent = input.revenue.byMonth.slice(-12);
  const maxRent = Math.max(0, ...rent.flatMap((row) => [row.expected, row.collected]));
  barChart(
    page,
    font,
    { x: 48, y: 285, width: 500, height: 110, title: 'Rent expected (dark) and collected (light)' },
    rent.map((row) => ({ label: shortMonth(row.month), value: row.expected, second: row.collected })),
    maxRent,
    formatMoneyCompact,
  );

  page.drawText('Units by property', { x: 48, y: 240, size: 11, font: bold, color: INK });
  const header = ['Property', 'Units', 'Occupied', 'Available', 'Occupancy'];
  const xs = [48, 300, 360, 430, 500];
  header.forEach((text, index) => {
    page.drawText(text, { x: xs[index]!, y: 222, size: 9, font: bold, color: MUTED });
  });
  let rowY = 206;
  for (const row of input.occupancy.byProperty.slice(0, 12)) {
    const cells = [
      printable(row.name).slice(0, 40),
      String(row.total),
      String(row.occupied),
      String(row.available),
      `${row.rate}%`,
    ];
    cells.forEach((text, index) => {
      page.drawText(text, { x: xs[index]!, y: rowY, size: 9, font, color: INK });
    });
    rowY -= 14;
  }
  const now = new Date();
  const footer = `Generated ${formatDateTime(now, input.timeZone)} ${zoneLabel(input.timeZone, now)} by Rentora`;
  page.drawText(footer, { x: 48, y: 36, size: 8, font, color: MUTED });

  // Page 2: maintenance and bookings over the same 12 months.
  const second = pdf.addPage([595.28, 841.89]);
  second.drawText('Maintenance and bookings', { x: 48, y: 790, size: 16, font: bold, color: INK });
  const m = input.maintenance;
  const figures: [string, string][] = [
    ['Requests created', String(m.created)],
    ['Resolved', String(m.resolved)],
    ['Open now', String(m.open)],
    ['SLA compliance', m.slaCompliance === null ? '-' : `${m.slaCompliance}%`],
    ['Average resolution', m.avgResolutionHours === null ? '-' : `${m.avgResolutionHours} h`],
    ['P90 resolution', m.p90ResolutionHours === null ? '-' : `${m.p90ResolutionHours} h`],
  ];
  figures.forEach(([label, value], index) => {
    const x = 48 + (index % 3) * 170;
    const top = 755 - Math.floor(index / 3) * 28;
    second.drawText(label, { x, y: top, size: 9, font, color: MUTED });
    second.drawText(value, { x, y: top - 13, size: 12, font: bold, color: INK });
  });
  const types = m.byType.slice(0, 10);
  barChart(
    second,
    font,
    { x: 48, y: 560, width: 500, height: 110, title: 'Maintenance requests by type' },
    types.map((row) => ({ label: printable(row.name).slice(0, 10), value: row.requests })),
    Math.max(0, ...types.map((row) => row.requests)),
    String,
  );
  const maintenanceMonths = m.byMonth.slice(-12);
  barChart(
    second,
    font,
    {
      x: 48,
      y: 395,
      width: 500,
      height: 110,
      title: 'Requests created (dark) and resolved (light) by month',
    },
    maintenanceMonths.map((row) => ({
      label: shortMonth(row.month),
      value: row.created,
      second: row.resolved,
    })),
    Math.max(0, ...maintenanceMonths.flatMap((row) => [row.created, row.resolved])),
    String,
  );
  const funnel = input.bookings.funnel;
  const steps = [
    { label: 'Created', value: funnel.created },
    { label: 'Paid', value: funnel.paid },
    { label: 'Confirmed', value: funnel.confirmed },
    { label: 'Moved in', value: funnel.movedIn },
  ];
  barChart(
    second,
    font,
    { x: 48, y: 230, width: 500, height: 110, title: 'Bookings funnel (12 months)' },
    steps,
    Math.max(0, ...steps.map((step) => step.value)),
    String,
  );
  steps.forEach((step, index) => {
    second.drawText(String(step.value), {
      x: 48 + index * 125 + 56,
      y: 200,
      size: 10,
      font: bold,
      color: INK,
    });
  });
  second.drawText(footer, { x: 48, y: 36, size: 8, font, color: MUTED });
  return pdf.save();
}
