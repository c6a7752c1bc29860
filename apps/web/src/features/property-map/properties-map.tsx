import type { PropertyDto } from '@rentora/shared';
import L from 'leaflet';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { MapContainer, Marker, Popup, Tooltip, useMap } from 'react-leaflet';
import { Link } from 'react-router';
import { formatAddress, formatRentRange } from '../properties/property-display';
import { BaseTiles, INDIA_CENTER, INDIA_ZOOM, pinIcon, TilesUnavailableNote } from './map-base';

export interface PropertiesMapProps {
  properties: readonly PropertyDto[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}

function located(properties: readonly PropertyDto[]) {
  return properties.filter(
    (
      property,
    ): property is PropertyDto & {
      address: { coordinates: NonNullable<PropertyDto['address']['coordinates']> };
    } => property.address.coordinates !== null,
  );
}

/** Fits all pins on first load and flies to the selected one. */
function Viewport({
  properties,
  selectedId,
}: {
  properties: readonly PropertyDto[];
  selectedId: string | null;
}) {
  const map = useMap();
  const pins = useMemo(() => located(properties), [properties]);
  const key = pins.map((property) => property._id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: refit only when the set of pins changes
  useEffect(() => {
    if (pins.length === 0) return;
    const bounds = L.latLngBounds(
      pins.map((property) => [property.address.coordinates.latitude, property.address.coordinates.longitude]),
    );
    map.fitBounds(bounds, { padding: [40, 40], maxZoom: 14 });
  }, [map, key]);
  useEffect(() => {
    const target = pins.find((property) => property._id === selectedId);
    if (target)
      map.flyTo(
        [target.address.coordinates.latitude, target.address.coordinates.longitude],
        Math.max(map.getZoom(), 14),
      );
  }, [map, pins, selectedId]);
  return null;
}

/** Properties as pins with popups; tiles optional (offline shows a grid). */
export function PropertiesMap({ properties, selectedId, onSelect }: PropertiesMapProps) {
  const [tilesDown, setTilesDown] = useState(false);
  const onUnavailable = useCallback(() => setTilesDown(true), []);
  const pins = useMemo(() => located(properties), [properties]);
  // Names on the pins while they stay readable (they matter most when the tiles are missing).
  const labelled = pins.length <= 25;
  return (
    <div className="relative h-full min-h-[22rem]">
      <MapContainer
        center={INDIA_CENTER}
        zoom={INDIA_ZOOM}
        className="h-full min-h-[22rem] w-full rounded-2xl"
        aria-label="Properties map"
      >
        <BaseTiles onUnavailable={onUnavailable} />
        <Viewport properties={properties} selectedId={selectedId} />
        {pins.map((property) => {
          const selected = property._id === selectedId;
          const tone =
            property.verificationStatus === 'verified'
              ? 'emerald'
              : property.verificationStatus === 'pending'
                ? 'amber'
                : 'slate';
          return (
            <Marker
              key={property._id}
              position={[property.address.coordinates.latitude, property.address.coordinates.longitude]}
              icon={pinIcon({ tone, active: selected })}
              zIndexOffset={selected ? 1000 : 0}
              title={property.name}
              alt={property.name}
              eventHandlers={{ click: () => onSelect(property._id) }}
            >
              {labelled || selected ? (
                <Tooltip
                  direction="top"
                  offset={[0, selected ? -34 : -26]}
                  permanent
                  className="rentora-pin-tooltip"
                >
                  {property.name}
                </Tooltip>
              ) : null}
              <Popup>
                <p className="font-semibold text-slate-900">{property.name}</p>
                <p className="text-slate-500">{formatAddress(property.address)}</p>
                <p className="mt-1 text-slate-700">
                  {property.occupancy.availableUnits} of {property.occupancy.totalUnits} units available
                  {property.rentRange ? ` · ${formatRentRange(property.rentRange)}` : ''}
                </p>
                <Link
                  to={`/dashboard/properties/${property._id}`}
                  className="mt-1 inline-block font-medium text-brand-600"
                >
                  Open property →
                </Link>
              </Popup>
            </Marker>
          );
        })}
      </MapContainer>
      {tilesDown ? <TilesUnavailableNote /> : null}
    </div>
  );
}
