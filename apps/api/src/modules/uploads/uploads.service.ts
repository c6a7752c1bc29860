import { canUseFeature, IMAGE_UPLOAD, type ImageUpdateBody, ZImageUploadFields } from '@rentora/shared';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../../core/access';
import type { AppDeps } from '../../core/app-deps';
import { AppError, badRequest, notFound } from '../../core/errors';
import { receiveImages, removeImageFiles } from '../../core/images';
import { createUrlSigner } from '../../core/signed-urls';
import { isValidStorageKey } from '../../core/storage';
import type { DbOrTx } from '../../db/client';
import { authorizeChatFile } from '../chat/chat.service';
import { authorizeMeterPhoto } from '../meters/meters.service';
import { createImagesRepo, type ImageOwner, type ImagesRepo } from './uploads.repo';

export interface ImageTarget {
  companyId: string;
  propertyId: string;
  /** null: the property's own photos. */
  rentalUnitId: string | null;
}

const ownerOf = (target: ImageTarget): ImageOwner =>
  target.rentalUnitId ? { rentalUnitId: target.rentalUnitId } : { propertyId: target.propertyId };

/** Locks the unit or property the images belong to, so that concurrent uploads count and pick a primary in turn. */
async function lockTarget(repo: ImagesRepo, target: ImageTarget): Promise<void> {
  const found = await repo.lockOwner(target.companyId, target.propertyId, target.rentalUnitId);
  if (!found) throw notFound(target.rentalUnitId ? 'Rental unit' : 'Property');
}

type Deps = Pick<AppDeps, 'db' | 'storage' | 'config'>;

/** Unit images and property photos: upload, edit (primary, category, caption), delete — files and rows together. */
export function createImagesService(deps: Deps) {
  const { db, storage, config } = deps;
  const signer = createUrlSigner(config.jwtSecret);
  const repo = createImagesRepo(db);

  return {
    signer,

    /** The files of a property's images and its units' (to remove after the property's rows are deleted). */
    filesOfProperty(tx: DbOrTx, companyId: string, propertyId: string) {
      return createImagesRepo(tx).filesOfProperty(companyId, propertyId);
    },

    /** The files of a unit's images (to remove after the unit's rows are deleted). */
    filesOfUnit(tx: DbOrTx, companyId: string, unitId: string) {
      return createImagesRepo(tx).filesOfUnit(companyId, unitId);
    },

    /** Stores the multipart upload's images; the first image of an item without a primary becomes primary. */
    async upload(ctx: AuthContext, request: FastifyRequest, target: ImageTarget): Promise<void> {
      const owner = ownerOf(target);
      const before = await repo.stats(target.companyId, owner);
      const room = IMAGE_UPLOAD.maxImagesPerItem - before.total;
      if (room <= 0)
        throw new AppError('CONFLICT', `At most ${IMAGE_UPLOAD.maxImagesPerItem} images are allowed`);
      const prefix = target.rentalUnitId
        ? `companies/${target.companyId}/units/${target.rentalUnitId}`
        : `companies/${target.companyId}/properties/${target.propertyId}`;
      const upload = await receiveImages(request, storage, {
        limitBytes: config.uploadLimitBytes,
        keyPrefix: prefix,
        maxFiles: room,
      });
      try {
        const parsed = ZImageUploadFields.safeParse(upload.fields);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw badRequest(issue?.message ?? 'Invalid field', String(issue?.path[0] ?? ''));
        }
        await db.transaction(async (tx) => {
          const txRepo = createImagesRepo(tx);
          await lockTarget(txRepo, target);
          const current = await txRepo.stats(target.companyId, owner);
          if (current.total + upload.images.length > IMAGE_UPLOAD.maxImagesPerItem) {
            throw new AppError('CONFLICT', `At most ${IMAGE_UPLOAD.maxImagesPerItem} images are allowed`);
          }
          const now = new Date();
          await txRepo.insertMany(
            upload.images.map((image, index) => ({
              id: image.id,
              companyId: target.companyId,
              propertyId: target.propertyId,
              rentalUnitId: target.rentalUnitId,
              storageKey: image.storageKey,
              thumbnailKey: image.thumbnailKey,
              mimeType: image.mimeType,
              size: image.size,
              width: image.width,
              height: image.height,
              isPrimary: current.primaries === 0 && index === 0,
              category: parsed.data.category ?? 'other',
              caption: parsed.data.caption ?? null,
              sortOrder: current.lastOrder + 1 + index,
              uploadedBy: ctx.userId,
              uploadedAt: now,
            })),
          );
        });
      } catch (error) {
        await removeImageFiles(storage, upload.images);
        throw error;
      }
    },

    async update(target: ImageTarget, imageId: string, input: ImageUpdateBody): Promise<void> {
      const owner = ownerOf(target);
      await db.transaction(async (tx) => {
        const txRepo = createImagesRepo(tx);
        await lockTarget(txRepo, target);
        const image = await txRepo.find(target.companyId, owner, imageId);
        if (!image) throw notFound('Image');
        if (input.isPrimary) await txRepo.clearPrimary(target.companyId, owner);
        await txRepo.update(target.companyId, imageId, {
          ...(input.isPrimary ? { isPrimary: true } : {}),
          ...(input.category ? { category: input.category } : {}),
          ...(input.caption !== undefined ? { caption: input.caption } : {}),
        });
      });
    },

    /** Deletes the row and its files; when the primary goes, the next image becomes primary. */
    async remove(target: ImageTarget, imageId: string): Promise<void> {
      const owner = ownerOf(target);
      const removed = await db.transaction(async (tx) => {
        const txRepo = createImagesRepo(tx);
        await lockTarget(txRepo, target);
        const image = await txRepo.find(target.companyId, owner, imageId);
        if (!image) throw notFound('Image');
        await txRepo.delete(target.companyId, imageId);
        if (image.isPrimary) {
          const next = await txRepo.first(target.companyId, owner);
          if (next) await txRepo.update(target.companyId, next.id, { isPrimary: true });
        }
        return image;
      });
      await removeImageFiles(storage, [removed]);
    },

    /** Removes files after their rows are gone (property or unit deleted). */
    async removeFiles(files: readonly { storageKey: string; thumbnailKey: string }[]): Promise<void> {
      await removeImageFiles(storage, files);
    },

    /**
     * Who may read a stored file: anyone when the public listing shows it; the holder of a valid signed URL;
     * a signed-in member of the owning company who can see properties or units; platform staff.
     */
    async authorizeFile(
      key: string,
      caller: { auth: AuthContext | null; exp?: number; sig?: string },
    ): Promise<{ mimeType: string; visibility: 'public' | 'signed' | 'member' } | 'not_found' | 'denied'> {
      if (!isValidStorageKey(key)) return 'not_found';
      if (key.startsWith('chat/')) {
        return authorizeChatFile(db, key, {
          auth: caller.auth,
          signed: signer.verify(key, caller.exp, caller.sig),
        });
      }
      const meterPhoto = authorizeMeterPhoto(key, signer.verify(key, caller.exp, caller.sig));
      if (meterPhoto) return meterPhoto === 'denied' ? 'denied' : { ...meterPhoto, visibility: 'signed' };
      const file = await repo.findFile(key);
      if (!file) return 'not_found';
      const mimeType = key === file.thumbnailKey ? 'image/webp' : file.mimeType;
      if (file.isPublic) return { mimeType, visibility: 'public' };
      if (signer.verify(key, caller.exp, caller.sig)) return { mimeType, visibility: 'signed' };
      const auth = caller.auth;
      if (!auth) return 'denied';
      if (auth.role === 'super_admin' || auth.role === 'admin') return { mimeType, visibility: 'member' };
      const member = await repo.membership(file.companyId, auth.userId);
      if (!member) return 'denied';
      const accessCtx = {
        role: auth.role,
        companyRole: member.role,
        features: member.features,
        planFeatures: member.planFeatures,
      };
      const canSee = ['properties_read', 'rentalunit_read'].some((feature) =>
        canUseFeature(accessCtx, feature),
      );
      return canSee ? { mimeType, visibility: 'member' } : 'denied';
    },
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
