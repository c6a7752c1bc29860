import {
  type Address,
  DEFAULT_TIME_ZONE,
  formatAmountExact,
  formatDate,
  formatDateTime,
  formatMoneyExact,
} from '@rentora/shared';
import type { PDFDocument, PDFFont, PDFPage, RGB } from 'pdf-lib';
import { loadPdfLib, rgb } from './lazy-modules';
import { loadPdfFonts } from './pdf-fonts';

/**
 * The drawing kit of the documents the API renders (invoices, credit notes, receipts, statements, agreements): A4
 * pages in DejaVu Sans Condensed (core/pdf-fonts.ts), which has the rupee sign, so money and dates are written the
 * way every page of the product writes them (packages/shared/src/format): "₹1,23,456.70", "05 Nov 2026", in the
 * company's time zone.
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

/** A rate in basis points as a percent: 900 → "9%", 250 → "2.5%". */
export const pdfRate = (bp: number): string => `${Math.round(bp) / 100}%`;

/** WinAnsi, what a document's fonts cover before they are loaded (and the standard fonts after). */
const WIN_ANSI = /[^\x20-\x7E\xA0-\xFF]/gu;
let covered: ReadonlySet<number> | null = null;

/**
 * The text as the document fonts can draw it: a character they lack (Devanagari, emoji) becomes "?", and a tab or
 * other control character a space, instead of an empty box.
 */
export function printable(text: string): string {
  const clean = text.replace(/[\t\v\f]/g, ' ');
  if (!covered) return clean.replace(/→/g, '->').replace(WIN_ANSI, '?');
  const fonts = covered;
  let out = '';
  for (const char of clean) out += fonts.has(char.codePointAt(0)!) ? char : '?';
  return out;
}

/** The two document fonts embedded in `pdf` (subset to the glyphs it uses). */
export async function embedDocumentFonts(pdf: PDFDocument): Promise<{ font: PDFFont; bold: PDFFont }> {
  const fonts = await loadPdfFonts();
  covered = fonts.covered;
  pdf.registerFontkit(fonts.fontkit);
  const [font, bold] = await Promise.all([
    pdf.embedFont(fonts.regular, { subset: true }),
    pdf.embedFont(fonts.bold, { subset: true }),
  ]);
  return { font, bold };
}

/** How a document writes money and dates: the shared formats in the company's time zone. */
export interface DocumentFormats {
  readonly timeZone: string;
  /** Paise with the currency sign, paise always shown: "₹1,23,456.70", "-₹5,900.00". */
  money(minor: number, currency?: string): string;
  /** Paise as a figure for a column whose header names the currency: "1,23,456.70". */
  amount(minor: number): string;
  /** A business date as it is, an instant as its day in the zone: "05 Nov 2026"; "-" for nothing. */
  date(value: string | Date | null | undefined): string;
  /** An instant in the zone: "05 Nov 2026, 07:21 PM". */
  dateTime(value: string | Date): string;
}

export function documentFormats(timeZone: string | null | undefined): DocumentFormats {
  const zone = timeZone || DEFAULT_TIME_ZONE;
  return {
    timeZone: zone,
    money: (minor, currency = 'INR') => formatMoneyExact(minor, currency),
    amount: (minor) => formatAmountExact(minor),
    date: (value) => formatDate(value, zone) || '-',
    dateTime: (value) => formatDateTime(value, zone),
  };
}

/** Splits text into lines no wider than `width` at `size`; a word wider than a line is broken into pieces. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const out: string[] = [];
  for (const paragraph of printable(text).split(/\r?\n/)) {
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
  /** The company's IANA time zone (companies.time_zone): the day and time an instant is written in. */
  timeZone: string;
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

/**
 * One document being drawn: the current page, the pen's height `y` (from the bottom), fonts and margins, and the
 * formats (`money`, `amount`, `date`, `dateTime`) of its company's zone.
 */
export class PdfCanvas implements DocumentFormats {
  readonly W = PAGE[0];
  readonly H = PAGE[1];
  page: PDFPage;
  y: number;
  readonly timeZone: string;
  readonly money: DocumentFormats['money'];
  readonly amount: DocumentFormats['amount'];
  readonly date: DocumentFormats['date'];
  readonly dateTime: DocumentFormats['dateTime'];

  private constructor(
    readonly pdf: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
    readonly M: number,
    formats: DocumentFormats,
  ) {
    this.page = pdf.addPage(PAGE);
    this.y = this.H - M;
    this.timeZone = formats.timeZone;
    this.money = formats.money;
    this.amount = formats.amount;
    this.date = formats.date;
    this.dateTime = formats.dateTime;
  }

  /** A new A4 document; `timeZone` is the company's (Asia/Kolkata when not given). */
  static async create(meta: {
    title: string;
    author: string;
    timeZone: string | null | undefined;
    margin?: number;
  }): Promise<PdfCanvas> {
    const { PDFDocument } = await loadPdfLib();
    const pdf = await PDFDocument.create();
    pdf.setTitle(meta.title);
    pdf.setAuthor(meta.author);
    pdf.setCreator('Rentora');
    pdf.setCreationDate(new Date());
    const { font, bold } = await embedDocumentFonts(pdf);
    return new PdfCanvas(pdf, font, bold, meta.margin ?? 48, documentFormats(meta.timeZone));
  }

  /** The width between the margins. */
  get inner(): number {
    return this.W - 2 * this.M;
  }

  fontOf(style: TextStyle): PDFFont {
    return style.bold ? this.bold : this.font;
  }

  widthOf(value: string, style: TextStyle = {}): number {
    return this.fontOf(style).widthOfTextAtSize(printable(value), style.size ?? 10);
  }

  text(value: string, x: number, at: number, style: TextStyle = {}): void {
    this.page.drawText(printable(value), {
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
      p.drawText(printable(line(index + 1, pages.length)).slice(0, 140), {
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
