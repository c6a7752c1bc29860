import { Readable } from 'node:stream';
import { IMPORT_COLUMNS, importDate, rupeesToPaise } from '@rentora/shared';
import { describe, expect, it } from 'vitest';
import { csvRecords, HeaderProblem, sheetRows, sniffSpreadsheet } from './imports.parse';

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

/** The text as a stream of chunks of `size` bytes (splitting quotes, escapes and multi-byte characters). */
const chunked = (text: string, size: number) => {
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return Readable.from(chunks);
};

describe('csvRecords', () => {
  const text = '\uFEFFName,Note\r\n"Lake ""View""","a, b"\n"two\nlines",₹12,500\r\nlast,\n';
  const expected = [
    ['Name', 'Note'],
    ['Lake "View"', 'a, b'],
    ['two\nlines', '₹12', '500'],
    ['last', ''],
  ];
  it.each([1, 2, 3, 7, 1024])('reads the same records in chunks of %i bytes', async (size) => {
    expect(await collect(csvRecords(chunked(text, size)))).toEqual(expected);
  });
});

describe('sheetRows', () => {
  it('matches headers loosely, keeps sheet row numbers, leaves out empty rows', async () => {
    async function* records() {
      yield ['property NAME*', 'Unit number', 'unitType', 'Rent', 'Unknown'];
      yield ['A', '1', '1bhk', '100', 'x'];
      yield ['', '', '', '', ''];
      yield ['B', '2', '', '200', ''];
    }
    const rows = await collect(sheetRows(records(), IMPORT_COLUMNS.units));
    expect(rows).toEqual([
      { row: 2, cells: { propertyName: 'A', unitNumber: '1', unitType: '1bhk', rent: '100' } },
      { row: 4, cells: { propertyName: 'B', unitNumber: '2', rent: '200' } },
    ]);
  });

  it('names the missing required columns', async () => {
    async function* records() {
      yield ['Property name', 'Rent'];
    }
    await expect(collect(sheetRows(records(), IMPORT_COLUMNS.units))).rejects.toThrow(HeaderProblem);
    await expect(collect(sheetRows(records(), IMPORT_COLUMNS.units))).rejects.toThrow(
      /Unit number, Unit type/,
    );
  });
});

describe('values', () => {
  it('reads rupees into paise', () => {
    expect(rupeesToPaise('₹12,500.50')).toBe(1_250_050);
    expect(rupeesToPaise('12500.5')).toBe(1_250_050);
    expect(rupeesToPaise('Rs. 1,00,000')).toBe(10_000_000);
    expect(rupeesToPaise('0')).toBe(0);
    for (const bad of ['12.345', '-5', 'ten', '', '1e5']) expect(rupeesToPaise(bad), bad).toBeNull();
  });

  it('reads DD/MM/YYYY and YYYY-MM-DD, refusing dates that do not exist', () => {
    expect(importDate('01/04/2026')).toBe('2026-04-01');
    expect(importDate('2026-4-1')).toBe('2026-04-01');
    expect(importDate('31.03.2027')).toBe('2027-03-31');
    for (const bad of ['31/02/2026', '2026/04/01', '04-2026', '']) expect(importDate(bad), bad).toBeNull();
  });

  it('tells CSV and XLSX by their bytes', () => {
    expect(sniffSpreadsheet(Buffer.from('a,b\n1,2\n'))).toBe('csv');
    expect(sniffSpreadsheet(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14]))).toBe('xlsx');
    expect(sniffSpreadsheet(Buffer.from('89504e470d0a1a0a0000', 'hex'))).toBeNull();
    expect(sniffSpreadsheet(Buffer.from([0xff, 0xfe, 0x41, 0x42]))).toBeNull();
  });
});
