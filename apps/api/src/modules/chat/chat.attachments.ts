import type {} from '@fastify/multipart';
import { CHAT_ATTACHMENTS, CHAT_LIMITS } from '@rentora/shared';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../../core/access';
import { AppError, badRequest } from '../../core/errors';
import { removeMediaFiles, type StoredMedia, storeMediaFile } from '../../core/media';
import type { Storage } from '../../core/storage';
import type { DbOrTx } from '../../db/client';
import { createChatRepo } from './chat.repo';
import { createTenancyChatRepo } from './chat.tenancy.repo';

/**
 * Chat attachments: the same upload rules as maintenance media (every file told by its bytes; photos re-encoded so
 * no GPS or other metadata is kept; MP4/WebM videos and PDFs stored as they are), stored under
 * `chat/<companyId>/<channelId>/` and served through the authorised `/uploads/<key>` path.
 */

export interface IncomingFile {
  fileName: string;
  data: Buffer;
}

export type StoredAttachment = StoredMedia;

const unsupported = () =>
  new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    'Only photos (JPEG, PNG, WebP), MP4 or WebM videos and PDFs can be attached',
  );

/**
 * Reads a multipart message: the text field `body` and up to five files in the field `files`, into memory (each
 * file at most the multipart `fileSize` limit of the chat plugin: 413 beyond). Nothing is stored yet: the channel is
 * checked first.
 */
export async function readMultipartMessage(
  request: FastifyRequest,
): Promise<{ body: string; files: IncomingFile[] }> {
  let body = '';
  const files: IncomingFile[] = [];
  const parts = request.parts({
    limits: {
      files: CHAT_ATTACHMENTS.maxFiles,
      fields: 2,
      fieldSize: CHAT_LIMITS.bodyMax * 4,
      parts: CHAT_ATTACHMENTS.maxFiles + 2,
    },
  });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.fieldname === 'body') body = String(part.value ?? '');
      continue;
    }
    if (part.fieldname !== CHAT_ATTACHMENTS.field) {
      part.file.resume();
      throw badRequest(`Unexpected file field "${part.fieldname}"`, CHAT_ATTACHMENTS.field);
    }
    const data = await part.toBuffer();
    if (data.length === 0) throw badRequest('An attached file is empty', CHAT_ATTACHMENTS.field);
    files.push({ fileName: part.filename, data });
  }
  return { body, files };
}

/** Checks each file by content and stores it; on any failure the files already stored are removed again. */
export async function storeAttachments(
  storage: Storage,
  keyPrefix: string,
  files: readonly IncomingFile[],
): Promise<StoredAttachment[]> {
  const stored: StoredAttachment[] = [];
  try {
    for (const file of files) stored.push(await storeMediaFile(storage, keyPrefix, file, unsupported));
  } catch (error) {
    await removeMediaFiles(storage, stored);
    throw error;
  }
  return stored;
}

export function removeAttachmentFiles(storage: Storage, files: readonly { storageKey: string }[]) {
  return removeMediaFiles(storage, files);
}

/**
 * Whether a caller may fetch a chat file (`chat/…` storage keys): the holder of a valid signed link (messages carry
 * them), or a signed-in active member of the file's company who can see its channel (every member for a public channel, the members of a private channel or direct message).
 * A tenancy conversation's files also to its tenant and to staff who may read tenants. Other tenants, other
 * companies and non-members of a private channel are refused; unknown keys are not found.
 */
export async function authorizeChatFile(
  db: DbOrTx,
  key: string,
  caller: { auth: AuthContext | null; signed: boolean },
): Promise<{ mimeType: string; visibility: 'signed' | 'member' } | 'not_found' | 'denied'> {
  const repo = createChatRepo(db);
  const file = await repo.findAttachmentByKey(key);
  if (!file) return 'not_found';
  if (caller.signed) return { mimeType: file.mimeType, visibility: 'signed' };
  const { auth } = caller;
  if (!auth) return 'denied';
  const allowed = { mimeType: file.mimeType, visibility: 'member' as const };
  // A tenancy conversation's files: its tenant, and staff who may read tenants.
  const tenancyRepo = createTenancyChatRepo(db);
  const tenantId = await tenancyRepo.channelTenant(file.channelId);
  if (tenantId === auth.userId) return allowed;
  const member = await repo.findActiveMembership(file.companyId, auth.userId);
  if (!member) return 'denied';
  if (tenantId) {
    return (await tenancyRepo.tenantReaderIds(file.companyId)).includes(auth.userId) ? allowed : 'denied';
  }
  const channel = await repo.findChannel(file.companyId, auth.userId, file.channelId, false);
  return channel ? allowed : 'denied';
}
