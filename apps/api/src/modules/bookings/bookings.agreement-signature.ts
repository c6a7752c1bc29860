import { zoneLabel } from '@rentora/shared';
import { loadPdfLib, rgb } from '../../core/lazy-modules';
import { documentFormats, embedDocumentFonts, printable, wrap } from '../../core/pdf-kit';
import { A4, brand, ink, MARGIN, muted, SIGNATURE_BOX } from './bookings.agreement-pdf';

export type AgreementSignature = { type: 'typed'; name: string } | { type: 'drawn'; png: Buffer };

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const MAX_SIGNATURE_PNG_BYTES = 300_000;

/**
 * Reads `{signature}`: a PNG data URL is a drawn signature (PNG bytes checked), anything else a typed full name.
 * Answers a message for the client when it is neither.
 */
export function parseSignature(value: string): AgreementSignature | string {
  const text = value.trim();
  if (text.startsWith('data:')) {
    const match = /^data:image\/png;base64,([A-Za-z0-9+/=\s]+)$/.exec(text);
    if (!match) return 'A drawn signature must be a PNG data URL';
    const png = Buffer.from(match[1]!.replace(/\s/g, ''), 'base64');
    if (png.length > MAX_SIGNATURE_PNG_BYTES) return 'The drawn signature is too large';
    if (png.length < 16 || !png.subarray(0, 8).equals(PNG_MAGIC))
      return 'The drawn signature is not a PNG image';
    return { type: 'drawn', png };
  }
  if (text.length < 2 || text.length > 120) return 'Type your full name (2 to 120 characters) to sign';
  if (!/\p{L}/u.test(text)) return 'Type your full name to sign';
  return { type: 'typed', name: text };
}

export interface SignatureAudit {
  bookingId: string;
  signerName: string;
  signerEmail: string;
  signerUserId: string;
  signedAt: Date;
  ip: string;
  userAgent: string | null;
  unsignedSha256: string;
  generatedAt: string;
  /** The company's time zone: the signing time under the signature is written in it. */
  timeZone: string;
}

/**
 * The signed agreement: the unsigned PDF with the signature stamped into the box on its last page (the typed name
 * in an italic face, or the drawn PNG), the name and time under it, and an audit page appended.
 */
export async function signAgreementPdf(
  unsigned: Uint8Array,
  signature: AgreementSignature,
  audit: SignatureAudit,
): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = await loadPdfLib();
  const pdf = await PDFDocument.load(unsigned);
  const { font, bold } = await embedDocumentFonts(pdf);
  const f = documentFormats(audit.timeZone);
  const signedAt = `${f.dateTime(audit.signedAt)} ${zoneLabel(f.timeZone, audit.signedAt)}`;
  const pages = pdf.getPages();
  const last = pages[pages.length - 1]!;
  const box = SIGNATURE_BOX;
  if (signature.type === 'typed') {
    const script = await pdf.embedFont(StandardFonts.TimesRomanBoldItalic);
    // The standard script face covers WinAnsi only.
    const name = signature.name.replace(/[^\x20-\x7E\xA0-\xFF]/gu, '?');
    let size = 26;
    while (size > 10 && script.widthOfTextAtSize(name, size) > box.width - 16) size -= 1;
    last.drawText(name, {
      x: box.x + 8,
      y: box.y + box.height / 2 - size / 3,
      size,
      font: script,
      color: rgb(0.05, 0.1, 0.45),
    });
  } else {
    const image = await pdf.embedPng(signature.png);
    const scale = Math.min((box.width - 8) / image.width, (box.height - 8) / image.height, 1);
    const width = image.width * scale;
    const height = image.height * scale;
    last.drawImage(image, {
      x: box.x + (box.width - width) / 2,
      y: box.y + (box.height - height) / 2,
      width,
      height,
    });
  }
  last.drawText(printable(`Signed electronically by ${audit.signerName} on ${signedAt}`), {
    x: box.x,
    y: box.y - 28,
    size: 8,
    font,
    color: muted,
  });

  const page = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const valueWidth = A4[0] - 2 * MARGIN - 170;
  const line = (label: string, value: string, largest = 10) => {
    page.drawText(printable(label), { x: MARGIN, y, size: 10, font, color: muted });
    // One word (an id, an email, a hash) is set smaller until it fits its line: a hash split in two is hard to check.
    let size = largest;
    while (!value.includes(' ') && size > 6 && bold.widthOfTextAtSize(printable(value), size) > valueWidth)
      size -= 0.5;
    for (const part of wrap(value, bold, size, valueWidth)) {
      page.drawText(part, { x: MARGIN + 170, y, size, font: bold, color: ink });
      y -= 14;
    }
    y -= 4;
  };
  page.drawText('Signature audit', { x: MARGIN, y: y - 16, size: 16, font: bold, color: brand });
  y -= 44;
  line('Booking', audit.bookingId);
  line('Signer', audit.signerName);
  line('Signer email', audit.signerEmail);
  line('Signer account', audit.signerUserId);
  line('Signature', signature.type === 'typed' ? `Typed name "${signature.name}"` : 'Drawn (PNG image)');
  line('Signed at', signedAt);
  line('Signed at (UTC)', audit.signedAt.toISOString());
  line('IP address', audit.ip);
  line('User agent', audit.userAgent ?? 'unknown');
  line(
    'Agreement generated at',
    `${f.dateTime(audit.generatedAt)} ${zoneLabel(f.timeZone, new Date(audit.generatedAt))}`,
  );
  line('Unsigned document SHA-256', audit.unsignedSha256, 8);
  y -= 8;
  for (const part of wrap(
    'The SHA-256 above identifies the exact unsigned document the signer was shown; recompute it over that file to check it. The signed file has its own SHA-256, kept by Rentora with the booking.',
    font,
    9,
    A4[0] - 2 * MARGIN,
  )) {
    page.drawText(part, { x: MARGIN, y, size: 9, font, color: muted });
    y -= 13;
  }
  pdf.setModificationDate(audit.signedAt);
  return pdf.save({ useObjectStreams: false });
}
