/**
 * `npm run storms:outlines`: rewrites packages/domain/src/storms/island-outlines.json, the two island
 * outlines the contract measures distances to, from Natural Earth 1:10m as the `world-atlas` package
 * ships it (countries-10m.json: Grenada id 308, Dominica id 212), decoded by `topojson-client`.
 * The domain keeps only this small file; a test checks that rerunning this script gives it unchanged.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { IslandOutlines, Ring } from '@fhp/domain';
import { isMainModule, repoPath } from './paths';

export const OUTLINES_PATH = repoPath('packages/domain/src/storms/island-outlines.json');

/** ISO 3166-1 numeric ids in world-atlas, by the product's country codes. */
export const NATURAL_EARTH_IDS = { gd: '308', dm: '212' } as const;

const require = createRequire(import.meta.url);

function worldAtlas(): { topology: Topology; version: string } {
  const topology = JSON.parse(readFileSync(require.resolve('world-atlas/countries-10m.json'), 'utf8')) as Topology;
  const { version } = JSON.parse(readFileSync(require.resolve('world-atlas/package.json'), 'utf8')) as { version: string };
  return { topology, version };
}

/** The outlines as the domain stores them: every polygon of the country (islands), each a list of rings. */
export function extractIslandOutlines(): IslandOutlines {
  const { topology, version } = worldAtlas();
  const countries = topology.objects.countries as GeometryCollection<{ name: string }>;
  const islands = Object.fromEntries(
    Object.entries(NATURAL_EARTH_IDS).map(([code, id]) => {
      const geometry = countries.geometries.find((g) => g.id === id);
      if (!geometry) throw new Error(`world-atlas has no country with id ${id}`);
      // One country object decodes to one Feature (never a collection); its geometry is what the file says.
      const shape = feature(topology, geometry) as Feature<Polygon | MultiPolygon | null, { name: string }>;
      const polygons: Ring[][] =
        shape.geometry?.type === 'Polygon'
          ? [shape.geometry.coordinates as Ring[]]
          : shape.geometry?.type === 'MultiPolygon'
            ? (shape.geometry.coordinates as Ring[][])
            : [];
      if (polygons.length === 0) throw new Error(`country ${id} is not a polygon in world-atlas`);
      return [code, { naturalEarthId: id, name: shape.properties?.name ?? code, polygons }];
    }),
  ) as IslandOutlines['islands'];
  return {
    source: `Natural Earth 1:10m Admin 0 countries, world-atlas@${version} countries-10m.json, decoded with topojson-client`,
    islands,
  };
}

/** Two-space JSON with each ring on one line: small, stable, and readable in a diff. */
export function formatIslandOutlines(outlines: IslandOutlines): string {
  const ring = (r: Ring) => `[${r.map(([lon, lat]) => `[${lon},${lat}]`).join(',')}]`;
  const island = ([code, value]: [string, IslandOutlines['islands'][keyof IslandOutlines['islands']]]) =>
    [
      `    ${JSON.stringify(code)}: {`,
      `      "naturalEarthId": ${JSON.stringify(value.naturalEarthId)},`,
      `      "name": ${JSON.stringify(value.name)},`,
      `      "polygons": [`,
      value.polygons.map((polygon) => `        [\n${polygon.map((r) => `          ${ring(r)}`).join(',\n')}\n        ]`).join(',\n'),
      `      ]`,
      `    }`,
    ].join('\n');
  return [
    '{',
    `  "source": ${JSON.stringify(outlines.source)},`,
    '  "islands": {',
    Object.entries(outlines.islands).map(island).join(',\n'),
    '  }',
    '}',
    '',
  ].join('\n');
}

if (isMainModule(import.meta.url)) {
  writeFileSync(OUTLINES_PATH, formatIslandOutlines(extractIslandOutlines()));
  console.log(`wrote ${OUTLINES_PATH}`);
}
