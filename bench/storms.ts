/**
 * The storm contract's share of `npm run bench` (also alone: `npm run bench:storms`): evaluating
 * every shipped storm (220, 1950-2023) against both islands, against two baselines measured in the
 * same run on the same samples: parsing the file only, and a plain haversine loop over every 10-minute
 * sample (the cheapest distance one could compute). Target: the whole evaluation under 5 s.
 * Returns false only when the contract gives a wrong answer, never because of a time.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { COUNTRY_CODES, evaluateStorm, forEachSample, nearbySamples, parseHurdat2, type Storm } from '@fhp/domain';

const FILE = fileURLToPath(new URL('../packages/domain/datasets/hurdat2/caribbean-1950-2023.txt', import.meta.url));
const TARGET_MS = 5_000;
const ROUNDS = Math.max(1, Number(process.env.BENCH_STORM_ROUNDS ?? 5));
const EARTH_RADIUS_M = 6_371_008.8;
const DEG = Math.PI / 180;
const CENTRES = { gd: { lat: 12.12, lon: -61.68 }, dm: { lat: 15.42, lon: -61.35 } } as const;

function haversineMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const a = Math.sin(((lat2 - lat1) * DEG) / 2) ** 2 + Math.cos(lat1 * DEG) * Math.cos(lat2 * DEG) * Math.sin(((lon2 - lon1) * DEG) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(a));
}

/** Wall time of `work` in ms (fresh inputs each round, so no cache is measured instead of the work). */
function timed(work: () => unknown): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function evaluateAll(storms: Storm[]): number {
  let paying = 0;
  for (const storm of storms) for (const country of COUNTRY_CODES) if (evaluateStorm(storm, country).payouts.T > 0) paying++;
  return paying;
}

function haversineAll(storms: Storm[]): number {
  let near = 0;
  for (const storm of storms) {
    for (const country of COUNTRY_CODES) {
      const centre = CENTRES[country];
      forEachSample(storm, (sample) => {
        if (haversineMetres(sample.lat, sample.lon, centre.lat, centre.lon) <= 100_000) near++;
      });
    }
  }
  return near;
}

export function runStormsBench(): boolean {
  const text = readFileSync(FILE, 'utf8');
  const checked = parseHurdat2(text);
  const ivan = evaluateStorm(checked.find((s) => s.id === 'AL092004')!, 'gd');
  if (checked.length !== 220 || ivan.payouts.T !== 50 || ivan.payouts['5'] !== 0) {
    console.error('The storm contract gave a wrong answer before the benchmark:', checked.length, JSON.stringify(ivan.payouts));
    return false;
  }
  let samples = 0;
  for (const storm of checked) forEachSample(storm, () => samples++);

  const runs = { parse: [] as number[], haversine: [] as number[], evaluate: [] as number[], analytics: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    runs.parse.push(timed(() => parseHurdat2(text)));
    const forHaversine = parseHurdat2(text);
    runs.haversine.push(timed(() => haversineAll(forHaversine)));
    runs.evaluate.push(timed(() => evaluateAll(parseHurdat2(text))));
    const forAnalytics = parseHurdat2(text);
    runs.analytics.push(timed(() => forAnalytics.forEach((storm) => COUNTRY_CODES.forEach((country) => nearbySamples(storm, country)))));
  }
  const [parse, haversine, evaluate, analytics] = [median(runs.parse), median(runs.haversine), median(runs.evaluate), median(runs.analytics)];
  const row = (name: string, ms: number) => `${name.padEnd(56)} ${ms.toFixed(0).padStart(6)} ms`;
  console.log(`\nFHP storm contract: ${checked.length} storms x ${COUNTRY_CODES.length} islands, ${samples} track samples per island, median of ${ROUNDS} rounds`);
  console.log(row('parse the HURDAT2 file (baseline)', parse));
  console.log(row('haversine to the island centre, every sample (baseline)', haversine));
  console.log(row('parse + evaluate the contract, both islands', evaluate));
  console.log(row('weather analytics pass (samples within 300 km)', analytics));
  console.log(`ratio evaluate/parse: ${(evaluate / parse).toFixed(1)}   ratio evaluate/haversine: ${(evaluate / haversine).toFixed(1)}`);
  console.log(`evaluation of all storms: ${(evaluate / 1000).toFixed(2)} s (target < ${TARGET_MS / 1000} s: ${evaluate < TARGET_MS ? 'met' : 'NOT met'})`);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = runStormsBench() ? 0 : 1;
