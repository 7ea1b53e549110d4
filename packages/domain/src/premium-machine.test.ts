import { describe, expect, it } from 'vitest';
import { DomainError } from './errors';
import { toCents } from './money';
import { PREMIUM_STEP_ORDER, premiumSteps, resultOf, type PremiumContext } from './premium';
import { specConfig } from './pricing.testing';
import {
  MACHINE_CONFIG_EMPTY_MESSAGE,
  MACHINE_ID_EMPTY_MESSAGE,
  PREMIUM_MACHINE_CONFIG,
  PREMIUM_MACHINE_TIMEOUT_MESSAGE,
  runPremiumMachine,
  type PremiumMachineConfig,
} from './premium-machine';

const input = { country: 'dm', coverageCents: toCents(25000), countryConfig: specConfig('dm') };

describe('runPremiumMachine', () => {
  it('visits the spec states in order and gives the result of its steps run in that order', async () => {
    const run = await runPremiumMachine({ id: 'quote-1', machineConfig: PREMIUM_MACHINE_CONFIG, input });
    expect(run.visited).toEqual(['start', 'platformCharge', 'insuranceProviderCharge', 'riskCapitalPremium', 'totalPremium', 'end']);
    const stepByStep = PREMIUM_STEP_ORDER.reduce<PremiumContext>((context, name) => premiumSteps[name](context), { input });
    expect(run.result).toEqual(resultOf(stepByStep));
    expect(run.result.options.find((option) => option.id === '3')?.premiumCents).toBe(247000);
  });

  it('rejects with the error data of an unsupported country', async () => {
    const run = runPremiumMachine({ id: 'quote-2', machineConfig: PREMIUM_MACHINE_CONFIG, input: { ...input, country: 'us', coverageCents: 250000 } });
    await expect(run).rejects.toBeInstanceOf(DomainError);
    await expect(run).rejects.toMatchObject({ code: 'UNSUPPORTED_COUNTRY', message: 'unsupported country us for this product' });
  });

  it('passes through the error state when a step fails', async () => {
    const failure = new DomainError('BROKEN', 'Step failed');
    const config: PremiumMachineConfig = {
      ...PREMIUM_MACHINE_CONFIG,
      states: {
        ...PREMIUM_MACHINE_CONFIG.states,
        platformCharge: { run: () => { throw failure; }, next: 'insuranceProviderCharge' },
      },
    };
    await expect(runPremiumMachine({ id: 'quote-3', machineConfig: config, input })).rejects.toBe(failure);
  });

  it.each([undefined, null, { initial: 'start', states: {} }])('refuses an empty machineConfig (%o)', async (machineConfig) => {
    await expect(
      runPremiumMachine({ id: 'x', machineConfig: machineConfig as PremiumMachineConfig | null | undefined, input }),
    ).rejects.toThrow(MACHINE_CONFIG_EMPTY_MESSAGE);
    expect(MACHINE_CONFIG_EMPTY_MESSAGE).toBe('machineConfig cannot be empty');
  });

  it.each(['', '   '])('refuses an empty id (%o)', async (id) => {
    await expect(runPremiumMachine({ id, machineConfig: PREMIUM_MACHINE_CONFIG, input })).rejects.toThrow(MACHINE_ID_EMPTY_MESSAGE);
    expect(MACHINE_ID_EMPTY_MESSAGE).toBe('id cannot be empty');
  });

  it('times out when a step never settles', async () => {
    const config: PremiumMachineConfig = {
      ...PREMIUM_MACHINE_CONFIG,
      states: { ...PREMIUM_MACHINE_CONFIG.states, riskCapitalPremium: { run: () => new Promise(() => {}), next: 'totalPremium' } },
    };
    await expect(runPremiumMachine({ id: 'slow', machineConfig: config, input, timeoutMs: 20 })).rejects.toMatchObject({
      code: 'MACHINE_TIMEOUT',
      message: PREMIUM_MACHINE_TIMEOUT_MESSAGE,
    });
  });

  it('refuses a config that never reaches end', async () => {
    const looping: PremiumMachineConfig = { initial: 'start', states: { start: { run: (context) => context, next: 'start' } } };
    await expect(runPremiumMachine({ id: 'loop', machineConfig: looping, input })).rejects.toMatchObject({ code: 'MACHINE_INVALID' });
    const deadEnd: PremiumMachineConfig = { initial: 'start', states: { start: { run: (context) => context } } };
    await expect(runPremiumMachine({ id: 'dead', machineConfig: deadEnd, input })).rejects.toMatchObject({ code: 'MACHINE_INVALID' });
  });
});
