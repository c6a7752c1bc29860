import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Undoes quoted-printable soft line breaks and escapes, as a mail client would. */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The mails written to `outboxDir` for `email`, newest first, decoded. */
export function mailsTo(outboxDir: string, email: string): string[] {
  let files: string[];
  try {
    files = readdirSync(outboxDir).sort().reverse();
  } catch {
    return [];
  }
  return files
    .map((file) => decodeQuotedPrintable(readFileSync(path.join(outboxDir, file), 'utf8')))
    .filter((text) => text.toLowerCase().includes(`to: ${email.toLowerCase()}`));
}

/** The token of the newest link `${prefix}/<token>` mailed to `email`. */
export function tokenFromOutbox(outboxDir: string, email: string, prefix: string): string {
  const pattern = new RegExp(`${prefix.replace(/[/]/g, '\\/')}/([A-Za-z0-9_-]+)`);
  for (const text of mailsTo(outboxDir, email)) {
    const match = text.match(pattern);
    if (match) return match[1]!;
  }
  throw new Error(`no mail with ${prefix} for ${email}`);
}
