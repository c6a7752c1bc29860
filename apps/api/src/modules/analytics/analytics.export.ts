import type { AnalyticsQuery, AnalyticsReportName } from '@rentora/shared';
import type { AuthContext } from '../../core/access';
import type { ReportTable } from '../../core/spreadsheet';
import type { createAnalyticsService } from './analytics.service';

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
        // Money KPIs in rupees (numbers a spreadsheet can sum), their label saying so.
        rows: kpis.map((item) => {
          const money = item.unit === 'money';
          const figure = (value: number) => (money ? value / 100 : value);
          return [
            money ? `${item.label} (₹)` : item.label,
            figure(item.value),
            item.previous === null || item.previous === undefined ? '' : figure(item.previous),
            item.change ?? '',
          ];
        }),
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
        // Rupees as numbers (a spreadsheet sums them), the column saying the currency.
        columns: ['Month', 'Expected (₹)', 'Collected (₹)'],
        rows: byMonth.map((row) => [row.month, row.expected / 100, row.collected / 100]),
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
