import type { AnalyticsQuery, AnalyticsReportName } from '@rentora/shared';
import ExcelJS from 'exceljs';
import type { AuthContext } from '../../core/access';
import type { createAnalyticsService } from './analytics.service';

export interface ReportTable {
  title: string;
  columns: string[];
  rows: (string | number)[][];
}

/** RFC 4180 CSV; cells that a spreadsheet would run as a formula are prefixed with a quote. */
export function toCsv(table: ReportTable): string {
  const cell = (value: string | number) => {
    let text = String(value);
    if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `${[table.columns, ...table.rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

export async function toXlsx(table: ReportTable): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Rentora';
  const sheet = workbook.addWorksheet(table.title.slice(0, 31));
  sheet.addRow(table.columns).font = { bold: true };
  for (const row of table.rows) sheet.addRow(row);
  sheet.columns.forEach((column) => {
    column.width = 18;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The rows of each exportable report, from the same service calls as the JSON endpoints. */
export async function reportTable(
  analytics: ReturnType<typeof createAnalyticsService>,
  ctx: AuthContext,
  report: AnalyticsReportName,
  query: AnalyticsQuery,
): Promise<ReportTable> {
  switch (report) {
    case 'overview': {
      const { kpis } = await analytics.overview(ctx, query);
      return {
        title: 'Overview',
        columns: ['KPI', 'Value', 'Previous period', 'Change %'],
        rows: kpis.map((item) => [item.label, item.value, item.previous ?? '', item.change ?? '']),
      };
    }
    case 'occupancy': {
      const { byMonth } = await analytics.occupancy(ctx, query);
      return {
        title: 'Occupancy',
        columns: ['Month', 'Units', 'Occupied', 'Occupancy %'],
        rows: byMonth.map((row) => [row.month, row.total, row.occupied, row.rate]),
      };
    }
    case 'tenants': {
      const { byMonth } = await analytics.tenants(ctx, query);
      return {
        title: 'Tenants',
        columns: ['Month', 'Move-ins', 'Move-outs'],
        rows: byMonth.map((row) => [row.month, row.moveIns, row.moveOuts]),
      };
    }
    case 'revenue': {
      const { byMonth } = await analytics.revenue(ctx, query);
      return {
        title: 'Revenue',
        columns: ['Month', 'Expected (minor units)', 'Collected (minor units)'],
        rows: byMonth.map((row) => [row.month, row.expected, row.collected]),
      };
    }
    case 'maintenance': {
      const { byMonth } = await analytics.maintenance(ctx, query);
      return {
        title: 'Maintenance',
        columns: [
          'Month',
          'Created',
          'Resolved',
          'SLA met',
          'SLA compliance %',
          'Average resolution (hours)',
          'P90 resolution (hours)',
        ],
        rows: byMonth.map((row) => [
          row.month,
          row.created,
          row.resolved,
          row.slaMet,
          row.slaCompliance ?? '',
          row.avgResolutionHours ?? '',
          row.p90ResolutionHours ?? '',
        ]),
      };
    }
    case 'bookings': {
      const { byMonth } = await analytics.bookings(ctx, query);
      return {
        title: 'Bookings',
        columns: ['Month', 'Created', 'Paid', 'Confirmed', 'Moved in'],
        rows: byMonth.map((row) => [row.month, row.created, row.paid, row.confirmed, row.movedIn]),
      };
    }
    default: {
      const unknown: never = report;
      throw new Error(`Unknown report ${String(unknown)}`);
    }
  }
}
