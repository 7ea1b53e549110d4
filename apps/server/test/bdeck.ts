import type { TrackPoint } from '@fhp/domain';

/**
 * Ivan 2004's fixes written as the b-deck the centre published (three radius lines per fix), for
 * the feed suites and the engine's bench: what an advisory feed serves.
 */
const tenths = (value: number, positive: string, negative: string, width: number) => `${String(Math.round(Math.abs(value) * 10)).padStart(width - 1)}${value < 0 ? negative : positive}`;

/** A fix as the b-deck writes it: one line per wind radius the storm has (34, 50, 64 kt). */
export function bdeckLines(point: TrackPoint): string[] {
  const dtg = point.time.slice(0, 13).replace(/[-T]/g, '');
  const type = point.status === 'HU' ? 'HU' : point.status;
  const radii = point.windKt! >= 64 ? [34, 50, 64] : point.windKt! >= 50 ? [34, 50] : point.windKt! >= 34 ? [34] : [0];
  return radii.map(
    (radius) =>
      `AL, 09, ${dtg},   , BEST,   0, ${tenths(point.lat, 'N', 'S', 4)}, ${tenths(point.lon, 'E', 'W', 5)}, ${String(point.windKt).padStart(3)}, ${String(point.pressureMb ?? 0).padStart(4)}, ${type}, ${String(radius).padStart(3)}, ${radius ? 'NEQ' : '   '},   60,   50,   40,   50, 1010,  200,  15,   0,   0,   L,   0,    ,   0,   0,       IVAN, D,`,
  );
}
export const bdeck = (points: readonly TrackPoint[]) => `${points.flatMap(bdeckLines).join('\n')}\n`;
