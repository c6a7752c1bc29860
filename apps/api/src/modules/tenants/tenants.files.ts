import { createHmac, timingSafeEqual } from 'node:crypto';

/** Tenant documents are private: a signed link lives this long (seconds). */
export const DOCUMENT_URL_SECONDS = 300;

/** PDF, JPEG, PNG or WebP, told by the first bytes (never by the name or the declared type). */
export function sniffDocumentType(data: Buffer): { mimeType: string; ext: string } | null {
  if (data.length >= 5 && data.subarray(0, 5).toString('latin1') === '%PDF-') {
    return { mimeType: 'application/pdf', ext: 'pdf' };
  }
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) {
    return { mimeType: 'image/jpeg', ext: 'jpg' };
  }
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (data.length >= 8 && png.every((byte, index) => data[index] === byte)) {
    return { mimeType: 'image/png', ext: 'png' };
  }
  if (
    data.length >= 12 &&
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return { mimeType: 'image/webp', ext: 'webp' };
  }
  return null;
}

export interface DocumentSigner {
  url(tenantId: string, docId: string, now?: Date): string;
  verify(docId: string, exp: number | undefined, sig: string | undefined, now?: Date): boolean;
}

/** Short-lived signed links to `/api/tenants/:id/documents/:docId/file`. */
export function createDocumentSigner(secret: string): DocumentSigner {
  const key = createHmac('sha256', secret).update('rentora:tenant-documents:v1').digest();
  const signatureOf = (docId: string, exp: number) =>
    createHmac('sha256', key).update(`${docId}\n${exp}`).digest('base64url');
  return {
    url(tenantId, docId, now = new Date()) {
      const exp = Math.floor(now.getTime() / 1000) + DOCUMENT_URL_SECONDS;
      return `/api/tenants/${tenantId}/documents/${docId}/file?exp=${exp}&sig=${signatureOf(docId, exp)}`;
    },
    verify(docId, exp, sig, now = new Date()) {
      if (exp === undefined || !sig) return false;
      if (exp * 1000 <= now.getTime()) return false;
      const expected = Buffer.from(signatureOf(docId, exp));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

/** A fresh tenant code: TENANT_CODE_LENGTH symbols of the unambiguous alphabet, without modulo bias. */
export function newTenantCode(alphabet: string, length: number, random: (size: number) => Buffer): string {
  let code = '';
  const limit = 256 - (256 % alphabet.length);
  while (code.length < length) {
    for (const byte of random(length * 2)) {
      if (byte < limit && code.length < length) code += alphabet[byte % alphabet.length];
    }
  }
  return code;
}
