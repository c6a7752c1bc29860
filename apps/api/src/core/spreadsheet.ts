import { loadExcelJs } from './lazy-modules';

/** A table to download: CSV or an Excel workbook of one sheet. */
export interface ReportTable {
  title: string;
  columns: string[];
  rows: (string | number)[][];
}

/**
 * RFC 4180 CSV; cells that a spreadsheet would run as a formula are prefixed with a quote (a plain number written as
 * text, such as "-1234.50", is no formula and stays as it is).
 */
export function toCsv(table: ReportTable): string {
  const cell = (value: string | number) => {
    let text = String(value);
    if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string' && !/^-?\d+(\.\d+)?$/.test(text))
      text = `'${text}`;
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `${[table.columns, ...table.rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

export async function toXlsx(table: ReportTable): Promise<Buffer> {
  const ExcelJS = await loadExcelJs();
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
