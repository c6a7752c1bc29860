import { MAINTENANCE_MEDIA_UPLOAD, ZMaintenanceRequestDto, zOk } from '@rentora/shared';
import { access } from '../../core/access';

/** What the maintenance request routes share: their OpenAPI tag, who may read and work requests, their docs. */
export const tags = ['maintenance'];
export const read = access.company('maintenance_read');
export const work = access.companyAny('maintenance_write', 'maintenance_update');
export const requestResponse = { 200: zOk(ZMaintenanceRequestDto) };
export const multipartDoc = `multipart/form-data: repeated file field \`${MAINTENANCE_MEDIA_UPLOAD.field}\` (JPEG, PNG or WebP photos, MP4 or WebM videos, PDFs; at most ${MAINTENANCE_MEDIA_UPLOAD.maxFilesPerRequest} files of ${MAINTENANCE_MEDIA_UPLOAD.maxBytes / 1024 / 1024} MB).`;
