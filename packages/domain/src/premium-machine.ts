import { DomainError, ERROR_CODES } from './errors';
import {
  PREMIUM_STEP_ORDER,
  premiumSteps,
  resultOf,
  type PremiumContext,
  type PremiumStepName,
  type QuoteInput,
  type QuoteResult,
} from './premium';

/**
 * The premium pipeline as the spec's state machine (part 1 section 4):
 * start -> platformCharge -> insuranceProviderCharge -> riskCapitalPremium -> totalPremium -> end,
 * with an error state that any failing step leads to. It is how the server prices every quote and
 * purchase; each state runs one of `premiumSteps`.
 */
export type StateName = PremiumStepName | 'end' | 'error';

export interface MachineStateConfig {
  /** The work of the state; may be asynchronous. A throw (or rejection) moves the machine to `error`. */
  run?: (context: PremiumContext) => PremiumContext | Promise<PremiumContext>;
  /** The state entered after `run` succeeds. */
  next?: StateName;
}

export interface PremiumMachineConfig {
  initial: StateName;
  states: Partial<Record<StateName, MachineStateConfig>>;
}

/** The spec's runner wait: 6 minutes to reach `end` or `error`. */
export const PREMIUM_MACHINE_TIMEOUT_MS = 360_000;

/** Guards a misconfigured cycle of synchronous steps, which would otherwise starve the timeout timer. */
const MAX_TRANSITIONS = 100;

export const MACHINE_CONFIG_EMPTY_MESSAGE = 'machineConfig cannot be empty';
export const MACHINE_ID_EMPTY_MESSAGE = 'id cannot be empty';
export const PREMIUM_MACHINE_TIMEOUT_MESSAGE = 'The premium calculation took too long. Please try again.';

export const PREMIUM_MACHINE_CONFIG: PremiumMachineConfig = {
  initial: 'start',
  states: {
    ...Object.fromEntries(
      PREMIUM_STEP_ORDER.map((name, index) => [name, { run: premiumSteps[name], next: PREMIUM_STEP_ORDER[index + 1] ?? 'end' }]),
    ),
    end: {},
    error: {},
  },
};

export interface RunPremiumMachineOptions {
  id: string;
  machineConfig: PremiumMachineConfig | null | undefined;
  input: QuoteInput;
  timeoutMs?: number;
}

export interface PremiumMachineRun {
  result: QuoteResult;
  visited: StateName[];
}

// The domain has no runtime typings (no DOM, no Node); both runtimes provide these two timers.
const timers = globalThis as unknown as {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

function isEmptyConfig(config: PremiumMachineConfig | null | undefined): boolean {
  return !config || typeof config !== 'object' || !config.states || Object.keys(config.states).length === 0;
}

export async function runPremiumMachine(options: RunPremiumMachineOptions): Promise<PremiumMachineRun> {
  const { id, machineConfig, input, timeoutMs = PREMIUM_MACHINE_TIMEOUT_MS } = options;
  if (isEmptyConfig(machineConfig) || !machineConfig) {
    throw new DomainError(ERROR_CODES.MACHINE_CONFIG_EMPTY, MACHINE_CONFIG_EMPTY_MESSAGE);
  }
  if (typeof id !== 'string' || id.trim() === '') {
    throw new DomainError(ERROR_CODES.MACHINE_ID_EMPTY, MACHINE_ID_EMPTY_MESSAGE);
  }

  let timedOut = false;
  let handle: unknown;
  const timeout = new Promise<never>((_, reject) => {
    handle = timers.setTimeout(() => {
      timedOut = true;
      reject(new DomainError(ERROR_CODES.MACHINE_TIMEOUT, PREMIUM_MACHINE_TIMEOUT_MESSAGE));
    }, timeoutMs);
  });
  try {
    return await Promise.race([walk(machineConfig, input, () => timedOut), timeout]);
  } finally {
    timers.clearTimeout(handle);
  }
}

async function walk(config: PremiumMachineConfig, input: QuoteInput, isCancelled: () => boolean): Promise<PremiumMachineRun> {
  const visited: StateName[] = [];
  let context: PremiumContext = { input };
  let errorData: unknown;
  let current: StateName = config.initial;

  for (let transitions = 0; transitions < MAX_TRANSITIONS && !isCancelled(); transitions += 1) {
    visited.push(current);
    if (current === 'end') return { result: resultOf(context), visited };
    if (current === 'error') throw errorData;

    const state = config.states[current];
    if (!state) {
      throw new DomainError(ERROR_CODES.MACHINE_INVALID, `The premium calculation has no state "${current}"`);
    }
    try {
      if (state.run) context = await state.run(context);
    } catch (error) {
      errorData = error;
      current = 'error';
      continue;
    }
    if (!state.next) {
      throw new DomainError(ERROR_CODES.MACHINE_INVALID, `The premium calculation stops at "${current}" without reaching its end`);
    }
    current = state.next;
  }
  // Either the timeout already rejected the run (this value is then ignored) or the config loops.
  throw new DomainError(ERROR_CODES.MACHINE_INVALID, 'The premium calculation does not reach its end');
}
