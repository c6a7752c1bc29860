import 'leaflet/dist/leaflet.css';
import './map.css';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { TileLayer, useMap } from 'react-leaflet';

/**
 * Leaflet pieces shared by the location picker and the property map. This module (and leaflet) is only
 * reached through lazy imports, so no other chunk carries the map code.
 */

export const INDIA_CENTER: [number, number] = [22.5, 79];
export const INDIA_ZOOM = 4;

const TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
const TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** Markers are HTML (no marker images to load), so they work without network or bundler asset handling. */
export function pinIcon(
  options: { tone?: 'brand' | 'emerald' | 'amber' | 'slate'; active?: boolean; label?: string } = {},
) {
  const tone = options.tone ?? 'brand';
  const colors = { brand: '#4f46e5', emerald: '#059669', amber: '#d97706', slate: '#475569' } as const;
  const size = options.active ? 38 : 30;
  const label = options.label ? `<span class="rentora-pin-label">${escapeHtml(options.label)}</span>` : '';
  return L.divIcon({
    className: 'rentora-pin',
    html: `<svg width="${size}" height="${size}" viewBox="0 0 24 24" aria-hidden="true"><path fill="${colors[tone]}" stroke="#fff" stroke-width="1.5" d="M12 22s7-6.1 7-12a7 7 0 1 0-14 0c0 5.9 7 12 7 12z"/><circle cx="12" cy="10" r="2.6" fill="#fff"/></svg>${label}`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size - 2],
    popupAnchor: [0, -size + 6],
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * OpenStreetMap tiles; when they cannot load (offline), `onUnavailable` fires once, the layer is removed and the
 * map keeps a plain grid background, so markers, popups, clicks and dragging still work.
 */
export function BaseTiles({ onUnavailable }: { onUnavailable?: () => void }) {
  const [failed, setFailed] = useState(false);
  const counts = useRef({ loaded: 0, errors: 0 });
  const map = useMap();
  useEffect(() => {
    map.getContainer().classList.add('rentora-map');
  }, [map]);
  useEffect(() => {
    if (failed) onUnavailable?.();
  }, [failed, onUnavailable]);
  // Several errors before any tile loaded: offline. Drop the layer so it stops requesting tiles.
  if (failed) return null;
  return (
    <TileLayer
      url={TILE_URL}
      attribution={TILE_ATTRIBUTION}
      maxZoom={19}
      eventHandlers={{
        tileload: () => {
          counts.current.loaded += 1;
        },
        tileerror: () => {
          counts.current.errors += 1;
          if (counts.current.loaded === 0 && counts.current.errors >= 2) setFailed(true);
        },
      }}
    />
  );
}

/** Shown over the map when tiles are unavailable. */
export function TilesUnavailableNote() {
  return (
    <div className="pointer-events-none absolute bottom-6 left-2 z-[500] max-w-[85%] rounded-md bg-white/90 px-2 py-1 text-[11px] text-slate-600 shadow">
      Map tiles are unavailable (offline). Pins and the list still work.
    </div>
  );
}
