import {
  canMoveMaintenance,
  MAINTENANCE_MEDIA_UPLOAD,
  MAINTENANCE_STATUS_LABELS,
  type MaintenanceStatus,
} from '@rentora/shared';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { CompanyContext } from '../../core/access';
import { AppError, conflict, notFound } from '../../core/errors';
import { emitEvent } from '../../core/events';
import { type MediaSigner, receiveMedia, removeMediaFiles } from '../../core/media';
import type { Storage } from '../../core/storage';
import type { Db } from '../../db/client';
import { type Actor, actorOfStaff, inScope, lockInScope, type Scope } from './maintenance.actors';
import { fullName } from './maintenance.members';
import type { MaintenanceNotifications } from './maintenance.notify';
import { createMaintenanceRepo, type MaintenanceRepo, type RequestRow } from './maintenance.repo';
import type { RequestViews } from './maintenance.views';

/**
 * What happens to a request after it is filed, by anyone who may reach it: status changes along the lifecycle,
 * comments, internal notes (staff only), media files, and the files served by their signed links.
 */
export function requestTimeline(
  deps: {
    db: Db;
    storage: Storage;
    config: Pick<Config, 'uploadLimitBytes'>;
    repo: MaintenanceRepo;
    notify: MaintenanceNotifications;
    signer: MediaSigner;
  },
  views: RequestViews,
) {
  const { db, storage, config, repo, notify, signer } = deps;

  async function changeStatus(
    companyId: string,
    id: string,
    to: MaintenanceStatus,
    notes: string | undefined,
    actor: Actor,
    scope?: Scope,
  ): Promise<RequestRow> {
    const { before, after } = await db.transaction(async (tx) => {
      const row = await lockInScope(tx, companyId, id, scope);
      if (row.status === to)
        throw conflict(`The request is already ${MAINTENANCE_STATUS_LABELS[to].toLowerCase()}`);
      if (!canMoveMaintenance(row.status, to)) {
        throw conflict(
          `A request cannot move from ${MAINTENANCE_STATUS_LABELS[row.status].toLowerCase()} to ${MAINTENANCE_STATUS_LABELS[to].toLowerCase()}`,
        );
      }
      if (to === 'assigned' && !row.assigneeId)
        throw conflict('Assign someone before marking the request assigned');
      const now = new Date();
      const patch: Partial<RequestRow> = { status: to };
      if (to === 'resolved') patch.resolvedAt = now;
      if (to === 'closed') patch.closedAt = now;
      if (row.status === 'resolved' && to !== 'closed') patch.resolvedAt = null;
      const txRepo = createMaintenanceRepo(tx);
      await txRepo.update(companyId, id, patch);
      await txRepo.addEvents([
        {
          companyId,
          requestId: id,
          kind: 'status',
          visibility: 'public',
          authorType: actor.type,
          authorUserId: actor.userId,
          authorName: actor.name,
          body: notes?.trim() || null,
          fromStatus: row.status,
          toStatus: to,
        },
      ]);
      await emitEvent(tx, {
        companyId,
        type: 'maintenance.status_changed',
        data: {
          requestId: id,
          number: row.number,
          fromStatus: row.status,
          toStatus: to,
          note: notes?.trim() || null,
        },
      });
      return { before: row, after: { ...row, ...patch } as RequestRow };
    });
    await notify.statusChanged(after, before.status, actor.userId);
    return after;
  }

  async function addComment(companyId: string, id: string, comment: string, actor: Actor, scope?: Scope) {
    const row = await db.transaction(async (tx) => {
      const locked = await lockInScope(tx, companyId, id, scope);
      const txRepo = createMaintenanceRepo(tx);
      await txRepo.addEvents([
        {
          companyId,
          requestId: id,
          kind: 'comment',
          visibility: 'public',
          authorType: actor.type,
          authorUserId: actor.userId,
          authorName: actor.name,
          body: comment,
        },
      ]);
      await txRepo.update(companyId, id, {});
      return locked;
    });
    await notify.commented(row, comment, actor.userId, actor.name);
    return row;
  }

  async function addMedia(
    companyId: string,
    id: string,
    request: FastifyRequest,
    actor: Actor,
    scope?: Scope,
  ): Promise<RequestRow> {
    const existing = await repo.find(companyId, id);
    if (!existing || !inScope(existing.request, scope)) throw notFound('Maintenance request');
    const room = MAINTENANCE_MEDIA_UPLOAD.maxPerRequest - existing.mediaCount;
    if (room <= 0) throw conflict(`At most ${MAINTENANCE_MEDIA_UPLOAD.maxPerRequest} files per request`);
    const files = await receiveMedia(request, storage, {
      keyPrefix: `maintenance/${companyId}/${id}`,
      maxFiles: room,
      limitBytes: Math.min(config.uploadLimitBytes, MAINTENANCE_MEDIA_UPLOAD.maxBytes),
    });
    try {
      return await db.transaction(async (tx) => {
        const row = await lockInScope(tx, companyId, id, scope);
        const txRepo = createMaintenanceRepo(tx);
        if (
          (await txRepo.mediaCount(companyId, id)) + files.length >
          MAINTENANCE_MEDIA_UPLOAD.maxPerRequest
        ) {
          throw conflict(`At most ${MAINTENANCE_MEDIA_UPLOAD.maxPerRequest} files per request`);
        }
        const uploaderType = actor.type === 'system' ? 'staff' : actor.type;
        await txRepo.insertMedia(
          files.map((file) => ({
            id: file.id,
            companyId,
            requestId: id,
            kind: file.kind,
            storageKey: file.storageKey,
            mimeType: file.mimeType,
            size: file.size,
            fileName: file.fileName,
            uploadedByType: uploaderType,
            uploadedBy: actor.userId,
          })),
        );
        await txRepo.addEvents([
          {
            companyId,
            requestId: id,
            kind: 'media',
            visibility: 'public',
            authorType: actor.type,
            authorUserId: actor.userId,
            authorName: actor.name,
            data: { count: files.length, kinds: [...new Set(files.map((f) => f.kind))] },
          },
        ]);
        await txRepo.update(companyId, id, {});
        return row;
      });
    } catch (error) {
      await removeMediaFiles(storage, files);
      throw error;
    }
  }

  return {
    changeStatus,
    addComment,
    addMedia,

    async setStatus(ctx: CompanyContext, id: string, status: MaintenanceStatus, notes?: string) {
      await changeStatus(ctx.companyId, id, status, notes, actorOfStaff(ctx));
      return views.staffDto(ctx.companyId, id);
    },

    async comment(ctx: CompanyContext, id: string, comment: string) {
      await addComment(ctx.companyId, id, comment, actorOfStaff(ctx));
      return views.staffDto(ctx.companyId, id);
    },

    /** Internal notes: staff-only, never in a tenant, portal or public view. */
    async note(ctx: CompanyContext, id: string, note: string) {
      const row = await db.transaction(async (tx) => {
        const locked = await lockInScope(tx, ctx.companyId, id);
        const txRepo = createMaintenanceRepo(tx);
        await txRepo.addEvents([
          {
            companyId: ctx.companyId,
            requestId: id,
            kind: 'note',
            visibility: 'internal',
            authorType: 'staff',
            authorUserId: ctx.userId,
            authorName: fullName(ctx.user),
            body: note,
          },
        ]);
        await txRepo.update(ctx.companyId, id, {});
        return locked;
      });
      await notify.changed(row, `${fullName(ctx.user)} added an internal note`, ctx.userId);
      return views.staffDto(ctx.companyId, id);
    },

    async media(ctx: CompanyContext, id: string, request: FastifyRequest) {
      await addMedia(ctx.companyId, id, request, actorOfStaff(ctx));
      return views.staffDto(ctx.companyId, id);
    },

    /** Staff may serve a media file by its signed link only. */
    async mediaFile(mediaId: string, exp: number | undefined, sig: string | undefined) {
      if (!signer.verify(mediaId, exp, sig)) {
        throw new AppError('FORBIDDEN', 'This link has expired or is not valid');
      }
      const row = await repo.mediaById(mediaId);
      if (!row) throw notFound('File');
      const file = await storage.read(row.storageKey);
      if (!file) throw notFound('File');
      return { media: row, file };
    },
  };
}
