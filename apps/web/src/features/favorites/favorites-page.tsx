import type { FavoriteDto, FavoriteState } from '@rentora/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDownRight, ArrowUpRight, BedDouble, Heart } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '../../components/badge';
import { Button, ButtonLink } from '../../components/button';
import { Card, PageHeader } from '../../components/card';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { ImageWithFallback, NoImage } from '../../components/image';
import { Pagination } from '../../components/pagination';
import { Skeleton } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { formatDate, formatMoney } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useUrlFilters } from '../../lib/url-filters';
import { favoritesApi, toggleFavorite } from './favorites.api';

const PAGE_SIZE = 12;

const STATE: Record<FavoriteState, { label: string; tone: BadgeTone; note: string }> = {
  available: { label: 'Available', tone: 'success', note: '' },
  booked: {
    label: 'Booked',
    tone: 'warning',
    note: 'Someone has booked or moved into this unit since you saved it.',
  },
  unlisted: {
    label: 'No longer listed',
    tone: 'neutral',
    note: 'The owner has taken this unit off the listing.',
  },
};

function RentChange({ favorite }: { favorite: FavoriteDto }) {
  if (favorite.currentRent === null || favorite.currentRent === favorite.savedRent) return null;
  const up = favorite.currentRent > favorite.savedRent;
  const Icon = up ? ArrowUpRight : ArrowDownRight;
  return (
    <p className={up ? 'text-xs text-amber-700' : 'text-xs text-emerald-700'}>
      <Icon className="mr-0.5 inline h-3.5 w-3.5" aria-hidden />
      {up ? 'Up' : 'Down'} from {formatMoney(favorite.savedRent, favorite.currency)} when you saved it
    </p>
  );
}

function FavoriteCard({ favorite, onRemoved }: { favorite: FavoriteDto; onRemoved: () => void }) {
  const [busy, setBusy] = useState(false);
  const state = STATE[favorite.state];
  const name = `Unit ${favorite.unitNumber}, ${favorite.property.name}`;
  async function remove() {
    setBusy(true);
    try {
      await toggleFavorite(favorite.rentalUnitId, false);
      toast.success('Removed from favorites');
      onRemoved();
    } catch (error) {
      toast.apiError(error, 'Could not remove the favorite');
    } finally {
      setBusy(false);
    }
  }
  const listed = favorite.state === 'available';
  return (
    <Card className="flex flex-col overflow-hidden" data-testid="favorite-card">
      <div className="relative aspect-[4/3] bg-slate-100">
        {favorite.image ? (
          <ImageWithFallback
            src={favorite.image.thumbnailUrl || favorite.image.url}
            alt={name}
            className="h-full w-full object-cover"
          />
        ) : (
          <NoImage className="h-full w-full" />
        )}
        <span className="absolute left-2 top-2">
          <Badge tone={state.tone}>{state.label}</Badge>
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div>
          <h2 className="font-semibold text-slate-900">
            {listed ? (
              <Link to={`/tenant/properties/${favorite.property._id}`} className="hover:underline">
                {name}
              </Link>
            ) : (
              name
            )}
          </h2>
          <p className="text-sm text-slate-600">
            {favorite.property.city} · <BedDouble className="inline h-4 w-4" aria-hidden />{' '}
            {favorite.bedrooms} bed
          </p>
        </div>
        {favorite.currentRent !== null ? (
          <div>
            <p className="text-lg font-bold text-slate-900">
              {formatMoney(favorite.currentRent, favorite.currency)}
              <span className="text-xs font-normal text-slate-600"> rent per month</span>
            </p>
            <RentChange favorite={favorite} />
          </div>
        ) : (
          <p className="text-sm text-slate-600">
            {state.note} Rent when saved: {formatMoney(favorite.savedRent, favorite.currency)}.
          </p>
        )}
        <p className="mt-auto text-xs text-slate-600">Saved on {formatDate(favorite.savedAt)}</p>
        <Button variant="outline" size="sm" onClick={() => void remove()} loading={busy}>
          <Heart className="h-4 w-4" aria-hidden /> Remove
        </Button>
      </div>
    </Card>
  );
}

/** /tenant/favorites: the units the person saved, with what changed since (price, booked, unlisted). */
export function FavoritesPage() {
  const { page, set } = useUrlFilters([]);
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: ['favorites', 'list', page],
    queryFn: ({ signal }) => favoritesApi.list({ page, limit: PAGE_SIZE }, signal),
  });
  const reload = () => void queryClient.invalidateQueries({ queryKey: ['favorites'] });
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Favorites" description="Homes you saved, and what changed since." />
      {list.isPending ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Loading favorites">
          {[1, 2, 3].map((row) => (
            <li key={row}>
              <Skeleton className="h-72 w-full rounded-2xl" />
            </li>
          ))}
        </ul>
      ) : list.isError ? (
        <ErrorState
          title={apiErrorMessage(list.error, 'Failed to load your favorites')}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.data.length === 0 && page === 1 ? (
        <EmptyState
          icon={Heart}
          title="No favorites yet"
          description="Tap the heart on a home you like to keep it here."
          action={<ButtonLink to="/tenant/properties">Explore homes</ButtonLink>}
        />
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {list.data.data.map((favorite) => (
              <li key={favorite._id} className="flex">
                <FavoriteCard favorite={favorite} onRemoved={reload} />
              </li>
            ))}
          </ul>
          <Pagination
            className="mt-6"
            pagination={list.data.pagination}
            onPageChange={(next) => set({ page: next })}
            itemLabel="favorites"
          />
        </>
      )}
    </div>
  );
}
