import {
  BOX_TYPE_BY_CLASS,
  CYCLONE_CLASS_LABELS,
  CYCLONE_CLASSES,
  OPTION_IDS,
  OPTION_LABELS,
  PAYOUT_TABLE,
  type BoxType,
  type CycloneClass,
  type OptionId,
} from '@fhp/domain';

/** Where the storm must pass, in the words the landing page uses. */
export const BOX_LABELS: Record<BoxType, string> = {
  BOX_1: 'Box 1',
  BOX_1_AND_2: 'Boxes 1 and 2',
};

export interface StormColumn {
  cycloneClass: CycloneClass;
  label: string;
  boxLabel: string;
}

export const STORM_COLUMNS: readonly StormColumn[] = CYCLONE_CLASSES.map((cycloneClass) => ({
  cycloneClass,
  label: CYCLONE_CLASS_LABELS[cycloneClass],
  boxLabel: BOX_LABELS[BOX_TYPE_BY_CLASS[cycloneClass]],
}));

export interface OptionRow {
  optionId: OptionId;
  label: string;
  /** Payout percent of coverage per storm class, in STORM_COLUMNS order. */
  payouts: number[];
}

export const OPTION_ROWS: readonly OptionRow[] = OPTION_IDS.map((optionId) => ({
  optionId,
  label: OPTION_LABELS[optionId],
  payouts: CYCLONE_CLASSES.map((cycloneClass) => PAYOUT_TABLE[optionId][cycloneClass]),
}));

/** Short label for tight places such as chart axes: "TS", "Cat 1".. "Cat 5". */
export function shortClassLabel(cycloneClass: CycloneClass): string {
  return cycloneClass === 'TS' ? 'TS' : `Cat ${cycloneClass.slice(1)}`;
}

export interface ChartPoint {
  name: string;
  payoutPct: number;
}

export function chartPointsFor(optionId: OptionId): ChartPoint[] {
  return CYCLONE_CLASSES.map((cycloneClass) => ({
    name: shortClassLabel(cycloneClass),
    payoutPct: PAYOUT_TABLE[optionId][cycloneClass],
  }));
}

/** The chart's text alternative: every bar said in words. */
export function describePayouts(optionId: OptionId): string {
  const parts = CYCLONE_CLASSES.map((cycloneClass) => {
    const pct = PAYOUT_TABLE[optionId][cycloneClass];
    return `${CYCLONE_CLASS_LABELS[cycloneClass]}: ${pct === 0 ? 'no payout' : `${pct}%`}`;
  });
  return `Payout as a percentage of coverage under ${OPTION_LABELS[optionId]}. ${parts.join('; ')}.`;
}
