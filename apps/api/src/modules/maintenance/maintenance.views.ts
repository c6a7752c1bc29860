import type { MaintenancePublicRequestDto, MaintenanceRequestDto } from '@rentora/shared';
import { notFound } from '../../core/errors';
import type { MediaSigner } from '../../core/media';
import type { DbOrTx } from '../../db/client';
import { toPublicRequestDto, toRequestDto } from './maintenance.dto';
import { peopleByIds } from './maintenance.members';
import type {
  EventRow,
  MaintenanceRepo,
  MediaRow,
  RequestJoinedRow,
  RequestListRow,
} from './maintenance.repo';

/** A request as staff see it (whole timeline, watchers) and as tenants and portals see it (public timeline only). */
export function createRequestViews(db: DbOrTx, repo: MaintenanceRepo, signer: MediaSigner) {
  async function joined(companyId: string, id: string): Promise<RequestJoinedRow> {
    const row = await repo.find(companyId, id);
    if (!row) throw notFound('Maintenance request');
    return row;
  }

  async function staffDto(companyId: string, id: string): Promise<MaintenanceRequestDto> {
    const row = await joined(companyId, id);
    const [events, media, watchers] = await Promise.all([
      repo.events(companyId, [id], false),
      repo.media(companyId, [id]),
      peopleByIds(db, row.request.watcherIds),
    ]);
    return toRequestDto(row, {
      events,
      media,
      signer,
      watchers: row.request.watcherIds.map((userId) => ({
        _id: userId,
        name: watchers.get(userId)?.name ?? 'Former member',
        email: watchers.get(userId)?.email ?? '',
      })),
    });
  }

  /** The view of tenants and portals: public timeline only (the query itself leaves internal rows out). */
  async function publicDtos(rows: readonly RequestListRow[]): Promise<MaintenancePublicRequestDto[]> {
    const byCompany = new Map<string, string[]>();
    for (const row of rows) {
      const ids = byCompany.get(row.request.companyId) ?? [];
      ids.push(row.request.id);
      byCompany.set(row.request.companyId, ids);
    }
    const events: EventRow[] = [];
    const media: MediaRow[] = [];
    for (const [companyId, ids] of byCompany) {
      events.push(...(await repo.events(companyId, ids, true)));
      media.push(...(await repo.media(companyId, ids)));
    }
    const now = new Date();
    return rows.map((row) =>
      toPublicRequestDto(
        row,
        {
          events: events.filter((e) => e.requestId === row.request.id),
          media: media.filter((m) => m.requestId === row.request.id),
          signer,
        },
        now,
      ),
    );
  }

  return { staffDto, publicDtos };
}

export type RequestViews = ReturnType<typeof createRequestViews>;
