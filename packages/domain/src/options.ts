/**
 * The six policy options and the parametric payout table (spec part 1 section 9). The table is the
 * single source for both pricing (each option's triggering parameters) and the trigger engine.
 */

export type OptionId = 'T' | '1' | '2' | '3' | '4' | '5';
/** Tropical Storm, then Saffir-Simpson categories 1..5. */
export type CycloneClass = 'TS' | 'C1' | 'C2' | 'C3' | 'C4' | 'C5';
/** BOX_1: within 25 km of the island; BOX_1_AND_2: within 100 km (box 1 lies inside box 2). */
export type BoxType = 'BOX_1' | 'BOX_1_AND_2';

export interface TriggeringParam {
  id: 1 | 2 | 3 | 4 | 5 | 6;
  params: [CycloneClass, BoxType];
  coveragePct: number;
}

export interface PolicyOption {
  id: OptionId;
  label: string;
  rolPct: number;
  triggeringParams: TriggeringParam[];
}

export const OPTION_IDS: readonly OptionId[] = ['T', '1', '2', '3', '4', '5'];
export const CYCLONE_CLASSES: readonly CycloneClass[] = ['TS', 'C1', 'C2', 'C3', 'C4', 'C5'];

export const CYCLONE_CLASS_LABELS: Record<CycloneClass, string> = {
  TS: 'Tropical Storm',
  C1: 'Category 1',
  C2: 'Category 2',
  C3: 'Category 3',
  C4: 'Category 4',
  C5: 'Category 5',
};

/** Box 1 alone counts up to Category 3; for Categories 4 and 5 box 2 counts as well. */
export const BOX_TYPE_BY_CLASS: Record<CycloneClass, BoxType> = {
  TS: 'BOX_1',
  C1: 'BOX_1',
  C2: 'BOX_1',
  C3: 'BOX_1',
  C4: 'BOX_1_AND_2',
  C5: 'BOX_1_AND_2',
};

/** Percent of coverage paid out, by option and by the strongest cyclone class reached. */
export const PAYOUT_TABLE: Record<OptionId, Record<CycloneClass, number>> = {
  T: { TS: 10, C1: 25, C2: 35, C3: 50, C4: 50, C5: 100 },
  '1': { TS: 0, C1: 25, C2: 35, C3: 50, C4: 50, C5: 100 },
  '2': { TS: 0, C1: 0, C2: 35, C3: 50, C4: 50, C5: 100 },
  '3': { TS: 0, C1: 0, C2: 0, C3: 50, C4: 50, C5: 100 },
  '4': { TS: 0, C1: 0, C2: 0, C3: 0, C4: 50, C5: 100 },
  '5': { TS: 0, C1: 0, C2: 0, C3: 0, C4: 0, C5: 100 },
};

export const OPTION_LABELS: Record<OptionId, string> = {
  T: 'Option T: Tropical Storm and above',
  '1': 'Option 1: Category 1 and above',
  '2': 'Option 2: Category 2 and above',
  '3': 'Option 3: Category 3 and above',
  '4': 'Option 4: Category 4 and above',
  '5': 'Option 5: Category 5 only',
};

export function isOptionId(value: string): value is OptionId {
  return (OPTION_IDS as readonly string[]).includes(value);
}

/**
 * All six parameters are listed for every option, zero-percent ones included: every option then has
 * the same table shape (id n is always the n-th class), which the quote table and the trigger
 * engine rely on. A zero row simply pays nothing.
 */
export function triggeringParamsFor(optionId: OptionId): TriggeringParam[] {
  return CYCLONE_CLASSES.map((cycloneClass, index) => ({
    id: (index + 1) as TriggeringParam['id'],
    params: [cycloneClass, BOX_TYPE_BY_CLASS[cycloneClass]],
    coveragePct: PAYOUT_TABLE[optionId][cycloneClass],
  }));
}

/** Builds a country's options from its rate-on-line table (percent, two decimals). */
export function buildPolicyOptions(rolPctByOption: Record<OptionId, number>): PolicyOption[] {
  return OPTION_IDS.map((id) => ({
    id,
    label: OPTION_LABELS[id],
    rolPct: rolPctByOption[id],
    triggeringParams: triggeringParamsFor(id),
  }));
}
