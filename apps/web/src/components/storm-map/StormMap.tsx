import { CYCLONE_CLASS_LABELS, DISPLAY_ZONE_NAME, formatMonthDayTime, islandMap, stormDisplayName, trackPointClass, trackStretches, type CountryCode, type Ring, type StormStatus, type TrackClass } from '@fhp/domain';
import { useId, useMemo } from 'react';
import './storm-map.css';

/**
 * The storm map of the Tropical Cyclone Tracker and of the admin's Storm Payouts (issue 10 item 8):
 * the island's Natural Earth outline, the outlines of box 1 (25 km) and box 2 (100 km) from the
 * contract's own distance (`islandMap` in the domain), and each track coloured by its class. Plain
 * SVG on an equirectangular projection around the islands (no tiles); text sits in HTML over it so
 * it keeps the page's size on every screen.
 */

export interface MapTrackPoint {
  time: string;
  status: string;
  lat: number;
  lon: number;
  windKt: number | null;
}

export interface MapTrack {
  id: string;
  name: string;
  points: readonly MapTrackPoint[];
}

/** Colours by class, light to dark as the storm strengthens, each readable on the sea's pale blue. */
export const TRACK_COLOURS: Readonly<Record<TrackClass, string>> = {
  OTHER: '#6b7280',
  TS: '#1f77b4',
  C1: '#2a9d3f',
  C2: '#c99a06',
  C3: '#e8590c',
  C4: '#c92a2a',
  C5: '#862e9c',
};

export const TRACK_CLASS_LABELS: Readonly<Record<TrackClass, string>> = {
  OTHER: 'Below tropical-storm strength or not tropical',
  ...CYCLONE_CLASS_LABELS,
};

const TRACK_CLASS_ORDER: readonly TrackClass[] = ['OTHER', 'TS', 'C1', 'C2', 'C3', 'C4', 'C5'];

/** The map is drawn 1000 units wide; its height follows the area shown. */
const WIDTH = 1000;
/** Sea shown around the box 2 outlines, as a share of their size. */
const MARGIN = 0.45;
const KM_PER_DEGREE = 111.32;

interface Projection {
  height: number;
  x: (lon: number) => number;
  y: (lat: number) => number;
  /** Map units per kilometre east-west. */
  perKm: number;
}

function projection(rings: readonly Ring[]): Projection {
  const lons = rings.flatMap((ring) => ring.map(([lon]) => lon));
  const lats = rings.flatMap((ring) => ring.map(([, lat]) => lat));
  const [minLon, maxLon, minLat, maxLat] = [Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats)];
  const k = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const spanX = (maxLon - minLon) * k;
  const spanY = maxLat - minLat;
  const pad = Math.max(spanX, spanY) * MARGIN;
  const west = minLon - pad / k;
  const north = maxLat + pad;
  const scale = WIDTH / (spanX + 2 * pad);
  return {
    height: (spanY + 2 * pad) * scale,
    x: (lon) => (lon - west) * k * scale,
    y: (lat) => (north - lat) * scale,
    // A degree of longitude is k x 111.32 km and k x scale units wide.
    perKm: scale / KM_PER_DEGREE,
  };
}

function ringPath(ring: Ring, p: Projection): string {
  return `${ring.map(([lon, lat], i) => `${i === 0 ? 'M' : 'L'}${p.x(lon).toFixed(1)} ${p.y(lat).toFixed(1)}`).join('')}Z`;
}

const percent = (value: number, of: number) => `${((value / of) * 100).toFixed(2)}%`;


interface StormMapProps {
  countries: readonly CountryCode[];
  tracks: readonly MapTrack[];
  /** The map's accessible name, e.g. "Map of Grenada with Ivan's track". */
  title: string;
  /** What the map shows, in words: read by screen readers and shown as its caption. */
  description: string;
}

export function StormMap({ countries, tracks, title, description }: StormMapProps) {
  const id = useId();
  const islands = useMemo(() => countries.map((country) => islandMap(country)), [countries]);
  const p = useMemo(() => projection(islands.map((island) => island.box2)), [islands]);
  const stretches = useMemo(
    () => tracks.map((track) => ({ track, stretches: trackStretches({ points: track.points.map((point) => ({ ...point, status: point.status as StormStatus, recordFlag: null })) }) })),
    [tracks],
  );
  const inView = (lon: number, lat: number) => p.x(lon) >= 0 && p.x(lon) <= WIDTH && p.y(lat) >= 0 && p.y(lat) <= p.height;
  const shownClasses = new Set(stretches.flatMap(({ stretches: parts }) => parts.map((part) => part.trackClass)));
  // 50 km on the scale bar (100 km when the map shows both islands).
  const scaleKm = p.perKm * 100 > WIDTH / 4 ? 50 : 100;
  const titleId = `${id}-title`;
  const captionId = `${id}-caption`;

  return (
    <figure className="storm-map mb-0">
      {/* At most 70% of the screen's height: a tall map (both islands) gets narrower, never distorted. */}
      <div className="storm-map-canvas" style={{ aspectRatio: `${WIDTH} / ${p.height.toFixed(0)}`, maxWidth: `calc(70vh * ${(WIDTH / p.height).toFixed(3)})` }}>
        <svg viewBox={`0 0 ${WIDTH} ${p.height.toFixed(1)}`} role="img" aria-labelledby={titleId} aria-describedby={captionId} preserveAspectRatio="xMidYMid meet">
          <title id={titleId}>{title}</title>
          <defs>
            <clipPath id={`${id}-clip`}>
              <rect width={WIDTH} height={p.height} />
            </clipPath>
          </defs>
          <rect className="storm-map-sea" width={WIDTH} height={p.height} />
          {islands.map((island) => (
            <g key={island.country}>
              <path className="storm-map-box2" d={ringPath(island.box2, p)} vectorEffect="non-scaling-stroke" />
              <path className="storm-map-box1" d={ringPath(island.box1, p)} vectorEffect="non-scaling-stroke" />
              <path className="storm-map-island" d={island.island.map((polygon) => polygon.map((ring) => ringPath(ring, p)).join('')).join('')} fillRule="evenodd" vectorEffect="non-scaling-stroke" />
            </g>
          ))}
          <g clipPath={`url(#${id}-clip)`}>
            {stretches.map(({ track, stretches: parts }) => (
              <g key={track.id}>
                {parts.map((part, index) => (
                  <g key={index}>
                    <polyline className="storm-map-halo" points={part.positions.map(([lon, lat]) => `${p.x(lon).toFixed(1)},${p.y(lat).toFixed(1)}`).join(' ')} vectorEffect="non-scaling-stroke" />
                    <polyline
                      className={part.trackClass === 'OTHER' ? 'storm-map-track is-weak' : 'storm-map-track'}
                      stroke={TRACK_COLOURS[part.trackClass]}
                      points={part.positions.map(([lon, lat]) => `${p.x(lon).toFixed(1)},${p.y(lat).toFixed(1)}`).join(' ')}
                      vectorEffect="non-scaling-stroke"
                    />
                  </g>
                ))}
                {track.points.map((point) =>
                  inView(point.lon, point.lat) ? (
                    <circle key={point.time} className="storm-map-point" cx={p.x(point.lon)} cy={p.y(point.lat)} r={5} fill={TRACK_COLOURS[pointClass(point)]} vectorEffect="non-scaling-stroke">
                      <title>{`${track.name}, ${formatMonthDayTime(point.time)} ${DISPLAY_ZONE_NAME}: ${TRACK_CLASS_LABELS[pointClass(point)]}${point.windKt === null ? '' : `, ${point.windKt} kt`}`}</title>
                    </circle>
                  ) : null,
                )}
              </g>
            ))}
          </g>
          <line className="storm-map-scale" x1={WIDTH - 24 - scaleKm * p.perKm} x2={WIDTH - 24} y1={p.height - 28} y2={p.height - 28} vectorEffect="non-scaling-stroke" />
        </svg>
        {/* Labels in HTML over the drawing: they keep the page's font size at any width. */}
        {islands.map((island) => {
          const [lon, lat] = northernmost(island.box2);
          return (
            <span key={island.country} className="storm-map-label is-box" style={{ left: percent(p.x(lon), WIDTH), top: percent(p.y(lat), p.height) }} aria-hidden="true">
              {island.name}
            </span>
          );
        })}
        {stretches.map(({ track }) => {
          const first = track.points.find((point) => inView(point.lon, point.lat));
          if (!first) return null;
          // Near an edge the name hangs inwards, so it is never cut off.
          const x = p.x(first.lon) / WIDTH;
          const side = x < 0.15 ? ' is-start' : x > 0.85 ? ' is-end' : '';
          return (
            <span key={track.id} className={`storm-map-label is-storm${side}`} style={{ left: percent(p.x(first.lon), WIDTH), top: percent(p.y(first.lat), p.height) }} aria-hidden="true">
              {displayName(track.name)}
            </span>
          );
        })}
        <span className="storm-map-label is-scale" style={{ right: percent(24, WIDTH), top: percent(p.height - 28, p.height) }} aria-hidden="true">
          {scaleKm} km
        </span>
      </div>
      <figcaption id={captionId} className="small text-body-secondary mt-2">
        {description}
      </figcaption>
      <ul className="storm-map-legend list-unstyled small mb-0 mt-2" aria-label="Map legend">
        <li>
          <span className="storm-map-swatch is-island" aria-hidden="true" /> Island (Natural Earth outline)
        </li>
        <li>
          <span className="storm-map-swatch is-box1" aria-hidden="true" /> Box 1: within 25 km
        </li>
        <li>
          <span className="storm-map-swatch is-box2" aria-hidden="true" /> Box 2: within 100 km
        </li>
        {TRACK_CLASS_ORDER.filter((trackClass) => shownClasses.has(trackClass)).map((trackClass) => (
          <li key={trackClass}>
            <span className={`storm-map-swatch is-track${trackClass === 'OTHER' ? ' is-weak' : ''}`} style={{ borderColor: TRACK_COLOURS[trackClass] }} aria-hidden="true" /> {TRACK_CLASS_LABELS[trackClass]}
          </li>
        ))}
      </ul>
    </figure>
  );
}

function pointClass(point: MapTrackPoint): TrackClass {
  return trackPointClass(point.status as StormStatus, point.windKt);
}

function northernmost(ring: Ring): [number, number] {
  return ring.reduce((best, vertex) => (vertex[1] > best[1] ? vertex : best));
}

/** HURDAT2 names are upper case: IVAN reads as Ivan (the domain's one rule for storm names). */
export function displayName(name: string): string {
  return stormDisplayName(name);
}
