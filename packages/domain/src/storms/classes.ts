import { CYCLONE_CLASSES, type CycloneClass } from '../options';
import type { StormStatus } from './hurdat2';

/**
 * Saffir-Simpson classes by maximum sustained wind (product decisions, "The parametric contract"):
 * TS 34-63 kt, Cat 1 64-82, Cat 2 83-95, Cat 3 96-112, Cat 4 113-136, Cat 5 >= 137. Interpolated
 * winds are fractional, so each class starts at its lower bound and runs up to the next one
 * (63.6 kt is still TS, 64 kt is Cat 1).
 */
export const CLASS_LOWER_BOUNDS_KT: Readonly<Record<CycloneClass, number>> = Object.freeze({
  TS: 34,
  C1: 64,
  C2: 83,
  C3: 96,
  C4: 113,
  C5: 137,
});

/** Only tropical storms and hurricanes trigger; depressions, lows, extratropical and subtropical systems never do. */
export const TRIGGERING_STATUSES: readonly StormStatus[] = ['TS', 'HU'];

/** The class of a wind, or null below tropical-storm strength or when the wind is unknown. */
export function classFromWind(windKt: number | null): CycloneClass | null {
  if (windKt === null || !Number.isFinite(windKt)) return null;
  for (let i = CYCLONE_CLASSES.length - 1; i >= 0; i--) {
    const cycloneClass = CYCLONE_CLASSES[i]!;
    if (windKt >= CLASS_LOWER_BOUNDS_KT[cycloneClass]) return cycloneClass;
  }
  return null;
}

/** The class a sample counts for under the contract: its wind's class when its status is TS or HU. */
export function triggeringClass(status: StormStatus, windKt: number | null): CycloneClass | null {
  return TRIGGERING_STATUSES.includes(status) ? classFromWind(windKt) : null;
}

/** 0 for TS up to 5 for Cat 5, -1 for none: classes compare by rank. */
export function classRank(cycloneClass: CycloneClass | null): number {
  return cycloneClass === null ? -1 : CYCLONE_CLASSES.indexOf(cycloneClass);
}

export function higherClass(a: CycloneClass | null, b: CycloneClass | null): CycloneClass | null {
  return classRank(b) > classRank(a) ? b : a;
}
