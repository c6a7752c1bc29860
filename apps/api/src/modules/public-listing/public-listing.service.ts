import type {
  PublicPropertyDetailDto,
  PublicPropertyListQuery,
  PublicPropertySummaryDto,
  UserPropertyDto,
} from '@rentora/shared';
import type { AppDeps } from '../../app';
import { notFound } from '../../core/errors';
import { iso, pageOf } from '../../core/http';
import { groupBy } from '../uploads/uploads.dto';
import { createUrlSigner } from '../uploads/uploads.signing';
import { publicContact, toListingImageDto, toPublicSummaryDto, toPublicUnitDto } from './public-listing.dto';
import { createPublicListingRepo } from './public-listing.repo';

/** Units shown on a property's public page (cheapest first). */
export const PUBLIC_UNITS_LIMIT = 100;

/**
 * Totals of the public listing per filter set, kept for 60 s in this process: the listing is the same for every
 * visitor and its answers are already `Cache-Control: public, max-age=60`, so a total that is up to a minute old
 * is what a browser or CDN would show anyway — and counting is the most expensive part of an anonymous request.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > now) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: V, now = Date.now()): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, until: now + this.ttlMs });
  }
}

export function createPublicListingService(deps: AppDeps) {
  const repo = createPublicListingRepo(deps.db);
  const totals = new TtlCache<number>(60_000, 1_000);
  const signer = createUrlSigner(deps.config.jwtSecret);

  return {
    async list(query: PublicPropertyListQuery): Promise<{
      data: PublicPropertySummaryDto[];
      pagination: ReturnType<typeof pageOf>;
    }> {
      const { page: _page, limit: _limit, sortBy: _sortBy, sortOrder: _sortOrder, ...filters } = query;
      const countKey = JSON.stringify(filters);
      const known = totals.get(countKey);
      const { rows, total } = await repo.list(query, known);
      if (known === undefined) totals.set(countKey, total);
      return {
        data: rows.map((row) => toPublicSummaryDto(row, row.cover ?? undefined, signer)),
        pagination: pageOf(query.page, query.limit, total),
      };
    },

    async get(propertyId: string): Promise<PublicPropertyDetailDto> {
      const row = await repo.find(propertyId);
      if (!row) throw notFound('Property');
      const { companyId, id } = row.property;
      const [units, photos, covers] = await Promise.all([
        repo.listedUnits(companyId, id, PUBLIC_UNITS_LIMIT),
        repo.photos(companyId, id),
        repo.covers([{ companyId, propertyId: id }]),
      ]);
      const images = groupBy(
        await repo.unitImages(
          companyId,
          units.map((unit) => unit.id),
        ),
        (image) => image.rentalUnitId,
      );
      return {
        ...toPublicSummaryDto(row, covers.get(id), signer),
        photos: photos.map((photo) => toListingImageDto(photo, signer, 'public')),
        contact: publicContact(row),
        totalFloors: row.property.totalFloors,
        yearBuilt: row.property.yearBuilt,
        units: units.map((unit) => toPublicUnitDto(unit, images.get(unit.id) ?? [], signer, 'public')),
      };
    },

    /** GET /properties/user: the properties where the caller is a current tenant, with their units. */
    async tenancies(userId: string, page: number, limit: number) {
      const { rows, total } = await repo.tenanciesOf(userId, { limit, offset: (page - 1) * limit });
      const byProperty = groupBy(rows, (row) => row.property.id);
      const covers = await repo.covers(
        [...byProperty.values()].map((group) => ({
          companyId: group[0]!.property.companyId,
          propertyId: group[0]!.property.id,
        })),
        false,
      );
      const data: UserPropertyDto[] = [];
      for (const group of byProperty.values()) {
        const first = group[0]!;
        const images = groupBy(
          await repo.unitImages(
            first.property.companyId,
            group.map((row) => row.unit.id),
          ),
          (image) => image.rentalUnitId,
        );
        const summary = toPublicSummaryDto(first, covers.get(first.property.id), signer, 'signed');
        data.push({
          _id: summary._id,
          name: summary.name,
          propertyType: summary.propertyType,
          description: summary.description,
          address: summary.address,
          amenities: summary.amenities,
          coverImage: summary.coverImage,
          company: summary.company,
          createdAt: summary.createdAt,
          contact: publicContact(first),
          units: group.map(({ unit, assignment }) => ({
            ...toPublicUnitDto(unit, images.get(unit.id) ?? [], signer, 'signed'),
            assignment: {
              _id: assignment.id,
              rentalUnitId: assignment.rentalUnitId,
              propertyId: assignment.propertyId,
              userId: assignment.userId,
              role: assignment.role,
              status: assignment.status,
              tenancyStatus: assignment.tenancyStatus,
              startDate: assignment.startDate,
              endDate: assignment.endDate,
              movedOutAt: assignment.movedOutAt,
              rent: assignment.rent,
              securityDeposit: assignment.securityDeposit,
              currency: assignment.currency,
              notes: assignment.notes,
              createdAt: iso(assignment.createdAt),
              updatedAt: iso(assignment.updatedAt),
            },
          })),
        });
      }
      return { data, pagination: pageOf(page, limit, total) };
    },
  };
}
