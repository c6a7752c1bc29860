import { z } from 'zod';
import { ZId, ZIsoDate, zListQuery } from './common';
import { ZPublicImageDto } from './public-listing';

/** POST /api/favorites and DELETE /api/favorites: the unit saved (any signed-in person, tenant or not). */
export const ZFavoriteBody = z.object({ rentalUnitId: ZId });
export type FavoriteBody = z.infer<typeof ZFavoriteBody>;

/** Where a saved unit stands now, as the Favorites page says it. */
export const FAVORITE_STATES = ['available', 'booked', 'unlisted'] as const;
export const ZFavoriteState = z.enum(FAVORITE_STATES);
export type FavoriteState = z.infer<typeof ZFavoriteState>;

export const ZFavoriteDto = z.object({
  _id: ZId,
  rentalUnitId: ZId,
  unitNumber: z.string(),
  bedrooms: z.number().int(),
  property: z.object({ _id: ZId, name: z.string(), city: z.string() }),
  /** The unit's first image (thumbnail), or the property's cover; null when the unit is no longer public. */
  image: ZPublicImageDto.nullable(),
  /**
   * `available`: still on the public listing; `booked`: taken since (occupied, booked or not available);
   * `unlisted`: no longer public for another reason (property unlisted, unit under maintenance, …).
   */
  state: ZFavoriteState,
  /** Rent now, minor units; null once the unit is not public (its price is no longer published). */
  currentRent: z.number().int().nullable(),
  currency: z.string(),
  /** What it was when saved. */
  savedRent: z.number().int(),
  savedState: ZFavoriteState,
  savedAt: ZIsoDate,
});
export type FavoriteDto = z.infer<typeof ZFavoriteDto>;

export const ZFavoriteListQuery = zListQuery({
  sortBy: ['createdAt'],
  defaultSortBy: 'createdAt',
  defaultLimit: 12,
});
export type FavoriteListQuery = z.infer<typeof ZFavoriteListQuery>;

/** GET /api/favorites/ids: the ids of every unit the caller saved (at most 500), for the hearts of listing pages. */
export const ZFavoriteIds = z.array(ZId);
