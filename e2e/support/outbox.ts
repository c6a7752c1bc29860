import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Without SMTP_URL the server writes every mail as an .eml file to DATA_DIR/outbox (quoted-printable bodies).
 * These helpers read them the way a mail client would.
 */

/** Undoes quoted-printable soft line breaks and escapes. */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The decoded mails in DATA_DIR/outbox addressed to `email`, newest first. */
export function mailsTo(dataDir: string, email: string): string[] {
  const outbox = path.join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox)
      .filter((file) => file.endsWith('.eml'))
      .sort()
      .reverse();
  } catch {
    return [];
  }
  return files
    .map((file) => decodeQuotedPrintable(readFileSync(path.join(outbox, file), 'utf8')))
    .filter((text) => text.toLowerCase().includes(`to: ${email.toLowerCase()}`));
}

/** The newest absolute link containing `${pathPrefix}/<token>` (e.g. '/auth/verify-email') mailed to `email`. */
export function linkFromOutbox(dataDir: string, email: string, pathPrefix: string): string | undefined {
  const escaped = pathPrefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const pattern = new RegExp(`https?://[^\\s"'<>]*${escaped}/[A-Za-z0-9_-]+`);
  for (const text of mailsTo(dataDir, email)) {
    const match = text.match(pattern);
    if (match) return match[0];
  }
  return undefined;
}

/** Waits (mail is written asynchronously) for a link like linkFromOutbox's; throws after `timeoutMs`. */
export async function waitForLink(
  dataDir: string,
  email: string,
  pathPrefix: string,
  timeoutMs = 10_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const link = linkFromOutbox(dataDir, email, pathPrefix);
    if (link) return link;
    if (Date.now() > deadline)
      throw new Error(`no mail with ${pathPrefix}/… for ${email} in ${dataDir}/outbox`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The token (last path segment) of the newest such link. */
export async function waitForToken(
  dataDir: string,
  email: string,
  pathPrefix: string,
  timeoutMs?: number,
): Promise<string> {
  const link = await waitForLink(dataDir, email, pathPrefix, timeoutMs);
  return new URL(link).pathname.split('/').pop()!;
}
