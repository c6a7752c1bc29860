import type { FavoriteDto, FavoriteListQuery, FavoriteState, Pagination } from '@rentora/shared';
import type { AuthContext } from '../../core/access';
import type { AppDeps } from '../../core/app-deps';
import { conflict, notFound } from '../../core/errors';
import { boundedPageOf, iso, offsetOf } from '../../core/http';
import type { ListingUnitView, PublicListingService } from '../public-listing/public-listing.service';
import { createFavoritesRepo, FAVORITES_MAX, type FavoriteRow } from './favorites.repo';

type Deps = Pick<AppDeps, 'db'> & { publicListing: PublicListingService };

function savedStateOf(row: FavoriteRow): FavoriteState {
  if (row.savedListed) return 'available';
  return row.savedStatus === 'Occupied' ? 'booked' : 'unlisted';
}

function toFavoriteDto(row: FavoriteRow, unit: ListingUnitView): FavoriteDto {
  const listed = unit.state === 'available';
  return {
    _id: row.id,
    rentalUnitId: row.rentalUnitId,
    unitNumber: unit.unitNumber,
    bedrooms: unit.bedrooms,
    property: unit.property,
    image: unit.image,
    state: unit.state,
    currentRent: listed ? unit.rent : null,
    currency: listed ? unit.currency : row.savedCurrency,
    savedRent: row.savedRent,
    savedState: savedStateOf(row),
    savedAt: iso(row.createdAt),
  };
}

/**
 * Saved units of any signed-in person (tenant or not). What a unit is now comes from the public listing's service:
 * a unit can be saved only while listed, and stays saved when it is booked or unlisted (the page says so).
 */
export function createFavoritesService(deps: Deps) {
  const repo = createFavoritesRepo(deps.db);
  const { publicListing } = deps;

  return {
    async list(
      ctx: AuthContext,
      query: FavoriteListQuery,
    ): Promise<{ data: FavoriteDto[]; pagination: Pagination }> {
      const page = { limit: query.limit, offset: offsetOf(query.page, query.limit) };
      const { rows, count } = await repo.page(ctx.userId, page);
      const units = await publicListing.unitViews(rows.map((row) => row.rentalUnitId));
      const data = rows.flatMap((row) => {
        const unit = units.get(row.rentalUnitId);
        return unit ? [toFavoriteDto(row, unit)] : [];
      });
      return { data, pagination: boundedPageOf(query.page, query.limit, count, rows.length) };
    },

    /** Every saved unit id (for the hearts on listing pages). */
    ids(ctx: AuthContext): Promise<string[]> {
      return repo.unitIds(ctx.userId);
    },

    /** Idempotent: saving a saved unit answers the same favorite. Only a unit on the public listing can be saved. */
    async save(ctx: AuthContext, rentalUnitId: string): Promise<FavoriteDto> {
      const existing = await repo.find(ctx.userId, rentalUnitId);
      const unit = (await publicListing.unitViews([rentalUnitId])).get(rentalUnitId);
      if (!unit || (!existing && unit.state !== 'available')) throw notFound('Rental unit');
      if (!existing) {
        if ((await repo.count(ctx.userId)) >= FAVORITES_MAX)
          throw conflict(`You can keep at most ${FAVORITES_MAX} favorites; remove some first`);
        await repo.insert({
          userId: ctx.userId,
          rentalUnitId,
          savedRent: unit.rent,
          savedCurrency: unit.currency,
          savedStatus: 'Available',
          savedListed: true,
        });
      }
      return toFavoriteDto((await repo.find(ctx.userId, rentalUnitId))!, unit);
    },

    /** Removes a saved unit; removing one that is not saved is a no-op. */
    async remove(ctx: AuthContext, rentalUnitId: string): Promise<void> {
      await repo.remove(ctx.userId, rentalUnitId);
    },
  };
}

export type FavoritesService = ReturnType<typeof createFavoritesService>;
