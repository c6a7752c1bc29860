import { businessDate, financialYearOf, financialYearStarting } from '@rentora/shared';

export interface ExportPeriod {
  label: string;
  from: string;
  to: string;
}

const lastDayOfMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

const previousMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
};

/** The periods an accountant exports most: this and last month, this and last financial year (to today). */
export function periodShortcuts(today = businessDate()): ExportPeriod[] {
  const month = today.slice(0, 7);
  const last = previousMonth(month);
  const fy = financialYearOf(today);
  const lastFy = financialYearStarting(fy.startYear - 1);
  return [
    { label: 'This month', from: `${month}-01`, to: today },
    { label: 'Last month', from: `${last}-01`, to: lastDayOfMonth(last) },
    { label: `FY ${fy.label} to date`, from: fy.from, to: today },
    { label: `FY ${lastFy.label}`, from: lastFy.from, to: lastFy.to },
  ];
}
