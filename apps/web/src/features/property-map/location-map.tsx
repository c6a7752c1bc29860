import type { Coordinates } from '@rentora/shared';
import { useCallback, useMemo, useState } from 'react';
import { MapContainer, Marker, Tooltip } from 'react-leaflet';
import { BaseTiles, pinIcon, TilesUnavailableNote } from './map-base';

/** A small read-only map with one pin (the property detail page). */
export function LocationMap({ coordinates, label }: { coordinates: Coordinates; label: string }) {
  const [tilesDown, setTilesDown] = useState(false);
  const icon = useMemo(() => pinIcon({ active: true }), []);
  const onUnavailable = useCallback(() => setTilesDown(true), []);
  return (
    <div className="relative">
      <MapContainer
        center={[coordinates.latitude, coordinates.longitude]}
        zoom={15}
        scrollWheelZoom={false}
        className="h-56 w-full rounded-xl border border-slate-200"
        aria-label={`Map of ${label}`}
      >
        <BaseTiles onUnavailable={onUnavailable} />
        <Marker position={[coordinates.latitude, coordinates.longitude]} icon={icon}>
          <Tooltip direction="top" offset={[0, -30]} permanent>
            {label}
          </Tooltip>
        </Marker>
      </MapContainer>
      {tilesDown ? <TilesUnavailableNote /> : null}
    </div>
  );
}
