import type {
  FavoriteState,
  PublicImageDto,
  PublicPropertyDetailDto,
  PublicPropertyListQuery,
  PublicPropertySummaryDto,
  UserPropertyDto,
} from '@rentora/shared';
import type { AppDeps } from '../../core/app-deps';
import { groupBy } from '../../core/collections';
import { notFound } from '../../core/errors';
import { iso, ok, pageOf } from '../../core/http';
import { imageRowsOf } from '../../core/inventory-images';
import { createUrlSigner } from '../../core/signed-urls';
import { createListingCache } from './public-listing.cache';
import { publicContact, toListingImageDto, toPublicSummaryDto, toPublicUnitDto } from './public-listing.dto';
import { createPublicListingRepo } from './public-listing.repo';

/** Units shown on a property's public page (cheapest first). */
export const PUBLIC_UNITS_LIMIT = 100;

/** Turns an answer into the JSON body the route sends (the route's compiled serializer: `reply.serialize`). */
export type SerializeAnswer = (payload: unknown) => string;

/**
 * The cache key of a listing query: the filters in a fixed order (undefined ones left out, the city lower-cased as
 * the repository compares it), then the page and order.
 */
export function listingKeys(query: PublicPropertyListQuery): { list: string; count: string } {
  const { page, limit, sortBy, sortOrder, ...filters } = query;
  const normalised = Object.entries({ ...filters, city: filters.city?.toLowerCase() })
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const filterKey = JSON.stringify(normalised);
  return {
    list: `public-listing:list:${filterKey}:${page}:${limit}:${sortBy}:${sortOrder}`,
    count: `public-listing:count:${filterKey}`,
  };
}

type Deps = Pick<AppDeps, 'db' | 'config' | 'cache'>;

/** A unit as a saved favorite shows it: the listing's view of it now. */
export interface ListingUnitView {
  unitNumber: string;
  bedrooms: number;
  property: { _id: string; name: string; city: string };
  /** `available` while the public listing shows it; else `booked` (occupied or held) or `unlisted`. */
  state: FavoriteState;
  rent: number;
  currency: string;
  /** Its first image while listed. */
  image: PublicImageDto | null;
}

function stateOf(row: { listed: boolean; status: string; isAvailable: boolean }): FavoriteState {
  if (row.listed) return 'available';
  return row.status === 'Occupied' || (row.status === 'Available' && !row.isAvailable)
    ? 'booked'
    : 'unlisted';
}

export function createPublicListingService(deps: Deps, onCacheError: (error: unknown) => void = () => {}) {
  const repo = createPublicListingRepo(deps.db);
  const signer = createUrlSigner(deps.config.jwtSecret);
  const cache = createListingCache(deps.db, deps.cache, onCacheError);

  async function detail(propertyId: string): Promise<PublicPropertyDetailDto> {
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
  }

  return {
    /**
     * A page of the listing as its JSON body, from the shared cache while no listing data changed (see
     * public-listing.cache.ts). The total of the same filters is cached beside it, so other pages and orders of
     * a filter set count once per version.
     */
    async listBody(query: PublicPropertyListQuery, serialize: SerializeAnswer): Promise<string> {
      const keys = listingKeys(query);
      const {
        version,
        values: [body, count],
      } = await cache.lookup([keys.list, keys.count]);
      if (body !== undefined) return body;
      const known = count === undefined ? undefined : Number(count);
      const { rows, total } = await repo.list(query, known);
      const answer: {
        success: true;
        data: PublicPropertySummaryDto[];
        pagination: ReturnType<typeof pageOf>;
      } = {
        success: true,
        data: rows.map((row) => toPublicSummaryDto(row, row.cover ?? undefined, signer)),
        pagination: pageOf(query.page, query.limit, total),
      };
      const fresh = serialize(answer);
      await Promise.all([
        cache.store(keys.list, version, fresh),
        known === undefined ? cache.store(keys.count, version, String(total)) : undefined,
      ]);
      return fresh;
    },

    /** A property's public page as its JSON body, cached like the listing. */
    async detailBody(propertyId: string, serialize: SerializeAnswer): Promise<string> {
      const key = `public-listing:detail:${propertyId}`;
      const {
        version,
        values: [body],
      } = await cache.lookup([key]);
      if (body !== undefined) return body;
      const fresh = serialize(ok(await detail(propertyId)));
      await cache.store(key, version, fresh);
      return fresh;
    },

    /** Units by id as the listing sees them now, listed or not (saved favorites); unknown ids are left out. */
    async unitViews(unitIds: readonly string[]): Promise<Map<string, ListingUnitView>> {
      const rows = await repo.unitsByIds(unitIds);
      return new Map(
        rows.map((row) => {
          const [first] = imageRowsOf(row.images);
          const view: ListingUnitView = {
            unitNumber: row.unitNumber,
            bedrooms: row.bedrooms,
            property: { _id: row.propertyId, name: row.propertyName, city: row.city },
            state: stateOf(row),
            rent: row.rent,
            currency: row.currency,
            image: first ? toListingImageDto(first, signer, 'public') : null,
          };
          return [row.id, view];
        }),
      );
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

export type PublicListingService = ReturnType<typeof createPublicListingService>;
