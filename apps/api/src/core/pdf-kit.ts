import { type Address, businessDate, formatDate as formatDay } from '@rentora/shared';
import type { PDFDocument, PDFFont, PDFPage, RGB } from 'pdf-lib';
import { loadPdfLib, rgb } from './lazy-modules';

/**
 * The drawing kit of the documents the API renders (invoices, credit notes, receipts): A4 pages with the standard
 * Helvetica fonts. Those fonts cover WinAnsi only, so money is written "INR 1,23,456.70" (Indian grouping) and any
 * other character becomes "?".
 */

export const INK = rgb(0.06, 0.09, 0.16);
export const MUTED = rgb(0.39, 0.45, 0.55);
export const RULE = rgb(0.89, 0.91, 0.94);
export const DEFAULT_BRAND = rgb(0.31, 0.27, 0.9);

/** A "#rrggbb" colour, or the default brand colour. */
export function hexColor(hex: string | undefined | null): RGB {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex ?? '');
  if (!m) return DEFAULT_BRAND;
  return rgb(
    Number.parseInt(m[1]!, 16) / 255,
    Number.parseInt(m[2]!, 16) / 255,
    Number.parseInt(m[3]!, 16) / 255,
  );
}

/** Paise as rupees with Indian digit grouping: 12345670 → "1,23,456.70". */
export function pdfAmount(minor: number): string {
  const abs = Math.abs(Math.trunc(minor));
  const whole = String(Math.floor(abs / 100));
  const last3 = whole.slice(-3);
  const head = whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${minor < 0 ? '-' : ''}${head ? `${head},` : ''}${last3}.${String(abs % 100).padStart(2, '0')}`;
}

/** "INR 1,23,456.70" */
export function pdfMoney(minor: number, currency = 'INR'): string {
  const amount = pdfAmount(minor);
  return amount.startsWith('-') ? `-${currency} ${amount.slice(1)}` : `${currency} ${amount}`;
}

/** A rate in basis points as a percent: 900 → "9%", 250 → "2.5%". */
export const pdfRate = (bp: number): string => `${Number((bp / 100).toFixed(2))}%`;

/** Standard fonts cover WinAnsi only: arrows become "->", other characters "?". */
export function winAnsi(text: string): string {
  return text.replace(/→/g, '->').replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');
}

/** The date part of an ISO date or date-time, as "05 Jan 2026". */
export function formatDate(isoDate: string): string {
  return formatDay(isoDate.slice(0, 10));
}

/** The date in India of an instant ("2026-03-31T20:00:00Z" → "01 Apr 2026"). */
export const formatBusinessDate = (instant: string): string => formatDate(businessDate(new Date(instant)));

/** Splits text into lines no wider than `width` at `size`; a word wider than a line is broken into pieces. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const out: string[] = [];
  for (const paragraph of winAnsi(text).split(/\r?\n/)) {
    let line = '';
    for (const whole of paragraph.split(/\s+/)) {
      let word = whole;
      while (font.widthOfTextAtSize(word, size) > width && word.length > 1) {
        let cut = word.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(word.slice(0, cut), size) > width) cut -= 1;
        if (line) {
          out.push(line);
          line = '';
        }
        out.push(word.slice(0, cut));
        word = word.slice(cut);
      }
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > width && line) {
        out.push(line);
        line = word;
      } else {
        line = next;
      }
    }
    out.push(line);
  }
  return out;
}

/** The company a document is from, as its header shows it. */
export interface DocumentCompany {
  name: string;
  email: string | null;
  phone: string | null;
  address: Address | null;
}

/** A postal address on one line: "3 Test Road, Chennai, Tamil Nadu, 600001". */
export const addressLine = (address: Address | null): string =>
  address
    ? [address.line1, address.line2, address.city, address.state, address.postalCode]
        .filter(Boolean)
        .join(', ')
    : '';

/** Email and phone: "a@b.in | 98450 00000". */
export const contactLine = (company: DocumentCompany): string =>
  [company.email, company.phone].filter(Boolean).join(' | ');

export interface TextStyle {
  size?: number;
  bold?: boolean;
  color?: RGB;
}

export interface TableColumn {
  header: string;
  /** Points; the one column without a width takes what is left and wraps its text. */
  width?: number;
  align?: 'left' | 'right';
}

export interface TableRow {
  cells: string[];
  /** Drawn across the columns from `from` to the end instead of their cells ("Exempt", "Not a supply"). */
  span?: { from: number; text: string };
}

const PAGE: [number, number] = [595.28, 841.89];

/** One document being drawn: the current page, the pen's height `y` (from the bottom), fonts and margins. */
export class PdfCanvas {
  readonly W = PAGE[0];
  readonly H = PAGE[1];
  page: PDFPage;
  y: number;

  private constructor(
    readonly pdf: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
    readonly M: number,
  ) {
    this.page = pdf.addPage(PAGE);
    this.y = this.H - M;
  }

  static async create(meta: { title: string; author: string; margin?: number }): Promise<PdfCanvas> {
    const { PDFDocument, StandardFonts } = await loadPdfLib();
    const pdf = await PDFDocument.create();
    pdf.setTitle(winAnsi(meta.title));
    pdf.setAuthor(winAnsi(meta.author));
    pdf.setCreator('Rentora');
    pdf.setCreationDate(new Date());
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
    return new PdfCanvas(pdf, font, bold, meta.margin ?? 48);
  }

  /** The width between the margins. */
  get inner(): number {
    return this.W - 2 * this.M;
  }

  fontOf(style: TextStyle): PDFFont {
    return style.bold ? this.bold : this.font;
  }

  widthOf(value: string, style: TextStyle = {}): number {
    return this.fontOf(style).widthOfTextAtSize(winAnsi(value), style.size ?? 10);
  }

  text(value: string, x: number, at: number, style: TextStyle = {}): void {
    this.page.drawText(winAnsi(value), {
      x,
      y: at,
      size: style.size ?? 10,
      font: this.fontOf(style),
      color: style.color ?? INK,
    });
  }

  right(value: string, xRight: number, at: number, style: TextStyle = {}): void {
    this.text(value, xRight - this.widthOf(value, style), at, style);
  }

  /** Wrapped text from `x` (the left margin), `width` wide; moves the pen below it. */
  paragraph(value: string, style: TextStyle & { x?: number; width?: number; leading?: number } = {}): void {
    const size = style.size ?? 9;
    const leading = style.leading ?? size + 3;
    const x = style.x ?? this.M;
    for (const line of wrap(value, this.fontOf(style), size, style.width ?? this.W - this.M - x)) {
      this.ensure(leading);
      this.text(line, x, this.y, { ...style, size });
      this.y -= leading;
    }
  }

  /** A heading and its wrapped body; nothing when the body is blank. */
  section(heading: string, body: string): void {
    if (!body.trim()) return;
    this.ensure(40);
    this.text(heading, this.M, this.y, { size: 10, bold: true });
    this.y -= 14;
    this.paragraph(body, { size: 9 });
    this.y -= 8;
  }

  rule(at = this.y, thickness = 1): void {
    this.page.drawLine({
      start: { x: this.M, y: at },
      end: { x: this.W - this.M, y: at },
      color: RULE,
      thickness,
    });
  }

  /** Starts a new page when less than `needed` points are left above the footer. */
  ensure(needed: number): void {
    if (this.y - needed > this.M + 40) return;
    this.page = this.pdf.addPage(PAGE);
    this.y = this.H - this.M;
  }

  /** The brand band across the top of the first page. */
  band(color: RGB): void {
    this.page.drawRectangle({ x: 0, y: this.H - 8, width: this.W, height: 8, color });
  }

  /** A PNG at most `maxHeight` × `maxWidth` at the pen, which moves below it. */
  async logo(png: Uint8Array, maxHeight = 48, maxWidth = 160): Promise<void> {
    const image = await this.pdf.embedPng(png);
    const scale = Math.min(maxHeight / image.height, maxWidth / image.width, 1);
    this.page.drawImage(image, {
      x: this.M,
      y: this.y - image.height * scale + 6,
      width: image.width * scale,
      height: image.height * scale,
    });
    this.y -= image.height * scale + 8;
  }

  /** Lines wrapped to `width` from `x`, starting at height `at`; returns the height below them. */
  block(lines: readonly [string, TextStyle][], x: number, at: number, width: number): number {
    let y = at;
    for (const [value, style] of lines) {
      if (!value) continue;
      const size = style.size ?? 9;
      for (const part of wrap(value, this.fontOf(style), size, width)) {
        this.text(part, x, y, { ...style, size });
        y -= size + 3;
      }
    }
    return y;
  }

  /** Label/value pairs right-aligned against the right margin from height `at`; returns the height below them. */
  pairs(rows: readonly [string, string][], at: number, labelWidth = 120, size = 9): number {
    let y = at;
    for (const [label, value] of rows) {
      this.right(label, this.W - this.M - labelWidth, y, { size, color: MUTED });
      this.right(value, this.W - this.M, y, { size, bold: true });
      y -= size + 4;
    }
    return y;
  }

  /** A table across the margins: a tinted header row, wrapped text in the flexible column, a rule under each row. */
  table(columns: readonly TableColumn[], rows: readonly TableRow[], tint: RGB, size = 8): void {
    const fixed = columns.reduce((sum, c) => sum + (c.width ?? 0), 0);
    const widths = columns.map((c) => c.width ?? this.inner - fixed);
    const xs = widths.map((_, i) => this.M + widths.slice(0, i).reduce((a, b) => a + b, 0));
    const cell = (value: string, i: number, at: number, style: TextStyle) =>
      columns[i]!.align === 'right'
        ? this.right(value, xs[i]! + widths[i]! - 4, at, style)
        : this.text(value, xs[i]! + 4, at, style);
    const header = () => {
      const lines = columns.map((c, i) => wrap(c.header, this.bold, size, widths[i]! - 8));
      const height = Math.max(...lines.map((l) => l.length)) * (size + 2) + 8;
      this.page.drawRectangle({
        x: this.M,
        y: this.y - height + size + 2,
        width: this.inner,
        height,
        color: tint,
        opacity: 0.1,
      });
      lines.forEach((l, i) => {
        l.forEach((part, k) => {
          cell(part, i, this.y - k * (size + 2), { size, bold: true });
        });
      });
      this.y -= height + 4;
    };
    this.ensure(60);
    header();
    const flex = columns.findIndex((c) => c.width === undefined);
    for (const row of rows) {
      const lines = flex < 0 ? [] : wrap(row.cells[flex] ?? '', this.font, size, widths[flex]! - 8);
      const height = Math.max(1, lines.length) * (size + 3) + 5;
      if (this.y - height <= this.M + 40) {
        this.ensure(this.H);
        header();
      }
      row.cells.forEach((value, i) => {
        if (i === flex || (row.span && i >= row.span.from)) return;
        cell(value, i, this.y, { size });
      });
      lines.forEach((part, k) => {
        this.text(part, xs[flex]! + 4, this.y - k * (size + 3), { size });
      });
      if (row.span) this.text(row.span.text, xs[row.span.from]! + 4, this.y, { size, color: MUTED });
      this.y -= height;
      this.rule(this.y + size, 0.5);
    }
    this.y -= 6;
  }

  /** `footer(page, count)` at the bottom of every page. */
  footer(line: (index: number, count: number) => string): void {
    const pages = this.pdf.getPages();
    pages.forEach((p, index) => {
      p.drawText(winAnsi(line(index + 1, pages.length)).slice(0, 140), {
        x: this.M,
        y: 28,
        size: 8,
        font: this.font,
        color: MUTED,
      });
    });
  }

  save(): Promise<Uint8Array> {
    return this.pdf.save();
  }
}
