import type { Coordinates } from '@rentora/shared';
import type { Marker as LeafletMarker, LeafletMouseEvent } from 'leaflet';
import { LocateFixed } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { MapContainer, Marker, useMap, useMapEvents } from 'react-leaflet';
import { BaseTiles, INDIA_CENTER, INDIA_ZOOM, pinIcon, TilesUnavailableNote } from './map-base';

export interface LocationPickerProps {
  value: Coordinates | null;
  onChange: (next: Coordinates) => void;
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;

function ClickToPlace({ onPlace }: { onPlace: (next: Coordinates) => void }) {
  useMapEvents({
    click: (event: LeafletMouseEvent) =>
      onPlace({ latitude: round(event.latlng.lat), longitude: round(event.latlng.lng) }),
  });
  return null;
}

/** Keeps the view on the pin when the coordinates change from outside (typed by hand). */
function FollowValue({ value }: { value: Coordinates | null }) {
  const map = useMap();
  useEffect(() => {
    if (!value) return;
    const target: [number, number] = [value.latitude, value.longitude];
    if (!map.getBounds().contains(target)) map.setView(target, Math.max(map.getZoom(), 14));
  }, [map, value]);
  return null;
}

/** Click the map (or drag the pin) to set the property's coordinates. Works without tiles. */
export function LocationPicker({ value, onChange }: LocationPickerProps) {
  const [tilesDown, setTilesDown] = useState(false);
  const [locating, setLocating] = useState(false);
  const icon = useMemo(() => pinIcon({ active: true }), []);
  const onUnavailable = useCallback(() => setTilesDown(true), []);
  const canLocate = typeof navigator !== 'undefined' && 'geolocation' in navigator;
  return (
    <div>
      <div className="relative">
        <MapContainer
          center={value ? [value.latitude, value.longitude] : INDIA_CENTER}
          zoom={value ? 15 : INDIA_ZOOM}
          className="h-72 w-full rounded-xl border border-slate-200"
          scrollWheelZoom={false}
          aria-label="Map: click to place the property pin"
        >
          <BaseTiles onUnavailable={onUnavailable} />
          <ClickToPlace onPlace={onChange} />
          <FollowValue value={value} />
          {value ? (
            <Marker
              position={[value.latitude, value.longitude]}
              icon={icon}
              draggable
              eventHandlers={{
                dragend: (event) => {
                  const position = (event.target as LeafletMarker).getLatLng();
                  onChange({ latitude: round(position.lat), longitude: round(position.lng) });
                },
              }}
            />
          ) : null}
        </MapContainer>
        {tilesDown ? <TilesUnavailableNote /> : null}
        {canLocate ? (
          <button
            type="button"
            className="absolute right-2 top-2 z-[500] inline-flex items-center gap-1 rounded-lg bg-white px-2 py-1 text-xs font-medium text-slate-700 shadow hover:bg-slate-50 disabled:opacity-60"
            disabled={locating}
            onClick={() => {
              setLocating(true);
              navigator.geolocation.getCurrentPosition(
                (position) => {
                  setLocating(false);
                  onChange({
                    latitude: round(position.coords.latitude),
                    longitude: round(position.coords.longitude),
                  });
                },
                () => setLocating(false),
                { timeout: 10_000 },
              );
            }}
          >
            <LocateFixed className="h-3.5 w-3.5" aria-hidden /> {locating ? 'Locating…' : 'Use my location'}
          </button>
        ) : null}
      </div>
      <p className="mt-1.5 text-xs text-slate-500">
        {value ? 'Drag the pin, or click elsewhere on the map to move it.' : 'Click the map to drop a pin.'}
      </p>
    </div>
  );
}
