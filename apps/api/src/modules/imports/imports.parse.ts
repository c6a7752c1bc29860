import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { ImportColumn, ImportFormat } from '@rentora/shared';
import type ExcelJS from 'exceljs';
import { loadExcelJs } from '../../core/lazy-modules';

/** One data row of a sheet: its row number (the header is row 1) and its non-empty cells by column key. */
export interface SheetRow {
  row: number;
  cells: Partial<Record<string, string>>;
}

/**
 * The format of an uploaded spreadsheet told by its bytes: an XLSX workbook is a ZIP archive (`PK\x03\x04`); a CSV
 * is UTF-8 text without NUL bytes. Null for anything else (an image, a PDF, an old binary .xls).
 */
export function sniffSpreadsheet(data: Buffer): ImportFormat | null {
  if (data.length >= 4 && data.readUInt32BE(0) === 0x504b0304) return 'xlsx';
  const sample = data.subarray(0, 64 * 1024);
  if (sample.includes(0)) return null;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(sample);
  // Cut at the sample's end a multi-byte character may be split: only its last character may be a replacement.
  const body = sample.length < data.length ? text.slice(0, -1) : text;
  return body.includes('\uFFFD') ? null : 'csv';
}

/** CSV records (RFC 4180: quoted fields with "" escapes and line breaks) read chunk by chunk from a stream. */
export async function* csvRecords(stream: Readable): AsyncGenerator<string[]> {
  const decoder = new StringDecoder('utf8');
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let afterQuote = false;
  let afterCarriageReturn = false;
  let first = true;
  const pending: string[][] = [];
  const endField = () => {
    record.push(field);
    field = '';
    afterQuote = false;
  };
  const endRecord = () => {
    endField();
    pending.push(record);
    record = [];
  };
  const feed = (text: string) => {
    for (let i = 0; i < text.length; i++) {
      const char = text[i]!;
      if (quoted) {
        if (char !== '"') field += char;
        else if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          // The field's end, or (at a chunk's end) the first quote of an escape: the next character decides.
          quoted = false;
          afterQuote = true;
        }
      } else if (char === '"' && field === '' && !afterQuote) quoted = true;
      else if (char === '"' && afterQuote) {
        // The second quote of an escape split across chunks.
        field += '"';
        quoted = true;
        afterQuote = false;
      } else if (char === ',') endField();
      else if (char === '\r') endRecord();
      else if (char === '\n') {
        // The \n of a \r\n (perhaps in the next chunk) ends nothing more.
        if (!afterCarriageReturn) endRecord();
      } else {
        field += char;
        afterQuote = false;
      }
      afterCarriageReturn = char === '\r' && !quoted;
    }
  };
  for await (const chunk of stream) {
    let text = decoder.write(chunk as Buffer);
    // A byte-order mark may come split over the first chunks: it is dropped from the first text decoded.
    if (first && text) {
      text = text.replace(/^\uFEFF/, '');
      first = false;
    }
    feed(text);
    while (pending.length) yield pending.shift()!;
  }
  feed(decoder.end());
  if (field !== '' || record.length) endRecord();
  while (pending.length) yield pending.shift()!;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
}

/** The rows of an XLSX workbook's first sheet, read as a stream (shared strings cached, rows not kept). */
export async function* xlsxRecords(stream: Readable): AsyncGenerator<string[]> {
  const { stream: excelStream } = await loadExcelJs();
  const reader = new excelStream.xlsx.WorkbookReader(stream, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  for await (const sheet of reader) {
    let expected = 1;
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      // Blank rows are not written in the file: keep the numbering of the sheet.
      for (; expected < row.number; expected++) yield [];
      const values = Array.isArray(row.values) ? row.values : [];
      yield values.slice(1).map((value) => cellText(value as ExcelJS.CellValue));
      expected = row.number + 1;
    }
    return;
  }
}

const normalise = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Rows of a sheet as cells by column key, the header row matched to the template's columns by name (case, spaces,
 * punctuation and a `*` ignored; a column's key works too). Throws a `HeaderProblem` when a required column is
 * missing. Empty rows are left out.
 */
export class HeaderProblem extends Error {}

export async function* sheetRows(
  records: AsyncIterable<string[]>,
  columns: readonly ImportColumn[],
): AsyncGenerator<SheetRow> {
  let keys: (string | undefined)[] | null = null;
  let number = 0;
  for await (const record of records) {
    number++;
    if (!keys) {
      if (record.every((cell) => cell.trim() === '')) continue;
      const byName = new Map<string, string>();
      for (const column of columns) {
        byName.set(normalise(column.header), column.key);
        byName.set(normalise(column.key), column.key);
      }
      keys = record.map((cell) => byName.get(normalise(cell)));
      const missing = columns.filter((column) => column.required && !keys!.includes(column.key));
      if (missing.length) {
        throw new HeaderProblem(`Missing column(s): ${missing.map((column) => column.header).join(', ')}`);
      }
      continue;
    }
    const cells: Partial<Record<string, string>> = {};
    let empty = true;
    record.forEach((cell, index) => {
      const key = keys![index];
      const value = cell.trim();
      if (key && value !== '') {
        cells[key] = value;
        empty = false;
      }
    });
    if (!empty) yield { row: number, cells };
  }
  if (!keys) throw new HeaderProblem('The file has no header row');
}
