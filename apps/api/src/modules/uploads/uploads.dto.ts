import type { ImageDto, PublicImageDto } from '@rentora/shared';
import { iso } from '../../core/http';
import type { UrlSigner } from '../../core/signed-urls';
import type { ImageRow } from './uploads.repo';

/** Staff DTOs: signed URLs (an `<img>` cannot send the bearer token). */
export function toImageDto(row: ImageRow, signer: UrlSigner, now = new Date()): ImageDto {
  return {
    _id: row.id,
    url: signer.signed(row.storageKey, now),
    thumbnailUrl: signer.signed(row.thumbnailKey, now),
    isPrimary: row.isPrimary,
    category: row.category,
    caption: row.caption,
    mimeType: row.mimeType,
    size: row.size,
    width: row.width,
    height: row.height,
    uploadedAt: iso(row.uploadedAt),
  };
}

/** Public listing DTOs: plain URLs, served to anyone while the listing shows the image. */
export function toPublicImageDto(row: ImageRow, signer: UrlSigner): PublicImageDto {
  return {
    _id: row.id,
    url: signer.unsigned(row.storageKey),
    thumbnailUrl: signer.unsigned(row.thumbnailKey),
    isPrimary: row.isPrimary,
    category: row.category,
    caption: row.caption,
    width: row.width,
    height: row.height,
  };
}
