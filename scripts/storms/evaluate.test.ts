import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { evaluateHurdat2 } from './evaluate';
import { HURDAT2_DIR, repoPath } from './paths';

const run = promisify(execFile);
const SAMPLE = join(HURDAT2_DIR, 'sample.txt');
const CARIBBEAN = join(HURDAT2_DIR, 'caribbean-1950-2023.txt');
const scratch = mkdtempSync(join(tmpdir(), 'fhp-storms-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run storms:evaluate` runs exactly this command (package.json). */
async function evaluateCli(...args: string[]): Promise<Outcome> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/storms/evaluate.ts', ...args], { cwd: repoPath('.') });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run storms:evaluate -- FILE', () => {
  it('is the command package.json runs', () => {
    const { scripts } = JSON.parse(readFileSync(repoPath('package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts['storms:evaluate']).toBe('node --import tsx scripts/storms/evaluate.ts');
  });

  it('prints one line per storm and island, Grenada then Dominica, in the audit format', async () => {
    const { code, stdout, stderr } = await evaluateCli(SAMPLE);
    expect([code, stderr]).toEqual([0, '']);
    expect(stdout.split('\n')).toEqual([
      '{"storm":"AL092004","name":"IVAN","country":"gd","c1":"C3","c2":"C4","payout":{"T":50,"1":50,"2":50,"3":50,"4":50,"5":0}}',
      '{"storm":"AL092004","name":"IVAN","country":"dm","c1":null,"c2":null,"payout":{"T":0,"1":0,"2":0,"3":0,"4":0,"5":0}}',
      '{"storm":"AL052005","name":"EMILY","country":"gd","c1":"C1","c2":"C1","payout":{"T":25,"1":25,"2":0,"3":0,"4":0,"5":0}}',
      '{"storm":"AL052005","name":"EMILY","country":"dm","c1":null,"c2":null,"payout":{"T":0,"1":0,"2":0,"3":0,"4":0,"5":0}}',
      '{"storm":"AL152017","name":"MARIA","country":"gd","c1":null,"c2":null,"payout":{"T":0,"1":0,"2":0,"3":0,"4":0,"5":0}}',
      '{"storm":"AL152017","name":"MARIA","country":"dm","c1":"C5","c2":"C5","payout":{"T":100,"1":100,"2":100,"3":100,"4":100,"5":100}}',
      '{"storm":"AL052015","name":"ERIKA","country":"gd","c1":null,"c2":null,"payout":{"T":0,"1":0,"2":0,"3":0,"4":0,"5":0}}',
      '{"storm":"AL052015","name":"ERIKA","country":"dm","c1":null,"c2":"TS","payout":{"T":0,"1":0,"2":0,"3":0,"4":0,"5":0}}',
      '{"storm":"AL112017","name":"IRMA","country":"gd","c1":null,"c2":null,"payout":{"T":0,"1":0,"2":0,"3":0,"4":0,"5":0}}',
      '{"storm":"AL112017","name":"IRMA","country":"dm","c1":null,"c2":null,"payout":{"T":0,"1":0,"2":0,"3":0,"4":0,"5":0}}',
      '',
    ]);
  });

  it('evaluates every storm of the shipped Caribbean records: 440 lines, each valid JSON', async () => {
    const { code, stdout } = await evaluateCli(CARIBBEAN);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toEqual(evaluateHurdat2(readFileSync(CARIBBEAN, 'utf8')));
    expect(lines).toHaveLength(440);
    const parsed = lines.map((line) => JSON.parse(line) as { country: string; payout: Record<string, number> });
    expect(parsed.map((p) => p.country).slice(0, 4)).toEqual(['gd', 'dm', 'gd', 'dm']);
    expect(parsed.filter((p) => p.payout.T! > 0)).toHaveLength(24);
  });

  it('refuses a bad file with the parser\'s message and line on stderr, exit code 1, nothing on stdout', async () => {
    const bad = join(scratch, 'bad.txt');
    writeFileSync(bad, readFileSync(SAMPLE, 'utf8').replace('20040907, 1800,  , HU, 11.8N', '20040907, 1800,  , HU, 95.0N'));
    const { code, stdout, stderr } = await evaluateCli(bad);
    expect({ code, stdout }).toEqual({ code: 1, stdout: '' });
    expect(stderr).toBe(`${bad}: Line 22: track point 21 of 94 of storm AL092004: latitude 95.0N is outside the globe (at most 90 degrees)\n`);
  });

  it('refuses a missing file, a CSV file and a call without a file', async () => {
    expect(await evaluateCli(join(scratch, 'missing.txt'))).toMatchObject({ code: 1, stdout: '', stderr: expect.stringContaining('cannot read') });
    const csv = join(scratch, 'storms.csv');
    writeFileSync(csv, 'id,name\nAL092004,IVAN\n');
    expect(await evaluateCli(csv)).toMatchObject({ code: 1, stderr: expect.stringContaining('Line 1: expected a storm header') });
    expect(await evaluateCli()).toMatchObject({ code: 1, stderr: expect.stringContaining('Usage: npm run storms:evaluate -- FILE') });
  });

  it('runs through npm as documented', async () => {
    const { stdout } = await run('npm', ['run', '--silent', 'storms:evaluate', '--', SAMPLE], { cwd: repoPath('.') });
    expect(stdout.split('\n')[0]).toBe('{"storm":"AL092004","name":"IVAN","country":"gd","c1":"C3","c2":"C4","payout":{"T":50,"1":50,"2":50,"3":50,"4":50,"5":0}}');
  });
});
