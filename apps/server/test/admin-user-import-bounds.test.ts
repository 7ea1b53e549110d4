/**
 * User import is bounded by rows and time (issue 19, item 12): a file stops being read at 1,000
 * rows after its header, blank rows counted, or at 10 MB, and reading it never holds the event loop
 * for long, so every other request keeps being answered while a hostile file is refused.
 *
 * How long the loop is held is measured while each import runs, not how long the import takes: a
 * probe runs at every turn of the event loop (setImmediate) and records the CPU time this process
 * spent since the turn before. Wall-clock delay (perf_hooks.monitorEventLoopDelay, also recorded
 * and reported on failure) includes the time the operating system gives other processes, which on
 * a shared machine is most of it; CPU time between two turns is the work that held the loop (with
 * any helper threads' work in parallel counted too, so it can only overstate).
 */
import { existsSync, readFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { USER_IMPORT_LIMITS, USER_IMPORT_MESSAGES } from '@fhp/domain';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { USER_IMPORT_PATH } from '../src/modules/admin-users/import';
import { describeApp } from './harness';
import { tokenFor } from './identity-helpers';

/** The most CPU time the event loop may spend between two turns while a file is read (the issue's ~50 ms). */
const MAX_HELD_MS = 50;

/**
 * The collector, so that garbage left by earlier cases (10 MB bodies) is collected before a case
 * is watched, not in the middle of it: what the import itself allocates is still collected while
 * it runs, and counted.
 */
v8.setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/**
 * The CPU time of the loop's own thread, in ms: Linux's per-thread run time (nanoseconds), else the
 * process's, which also counts its other threads (V8's concurrent marking and parallel collector,
 * libuv's pool) while the loop itself waits on I/O.
 */
const MAIN_THREAD_SCHEDSTAT = `/proc/self/task/${process.pid}/schedstat`;
const threadCpuMs: () => number = existsSync(MAIN_THREAD_SCHEDSTAT)
  ? () => Number(readFileSync(MAIN_THREAD_SCHEDSTAT, 'utf8').split(' ')[0]) / 1e6
  : () => {
      const usage = process.cpuUsage();
      return (usage.user + usage.system) / 1000;
    };

/**
 * Runs `work` with a probe at every turn of the event loop; how long the loop's own work held it: the
 * lower of the event-loop delay and the loop thread's CPU time in a turn less the collector's pauses.
 * A pause is the runtime's, not the reader's: a 10 MB body makes V8 collect a heap that, in a test
 * process shared with other suites, takes 35 to 45 ms whatever the reader does.
 */
async function watchLoop<T>(work: () => Promise<T>): Promise<{ result: T; heldMs: number; turns: number; wallDelayMs: number }> {
  collectGarbage();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const pauses: { start: number; end: number }[] = [];
  const collector = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.push({ start: entry.startTime, end: entry.startTime + entry.duration });
  });
  collector.observe({ entryTypes: ['gc'] });
  const spans: { start: number; end: number; cpuMs: number }[] = [];
  let last = threadCpuMs();
  let lastAt = performance.now();
  let watching = true;
  const turn = () => {
    if (!watching) return;
    const now = threadCpuMs();
    const at = performance.now();
    spans.push({ start: lastAt, end: at, cpuMs: now - last });
    last = now;
    lastAt = at;
    setImmediate(turn);
  };
  delay.enable();
  setImmediate(turn);
  try {
    const result = await work();
    // The observer reports on a later turn: let it.
    await new Promise((done) => setTimeout(done, 20));
    for (const entry of collector.takeRecords()) pauses.push({ start: entry.startTime, end: entry.startTime + entry.duration });
    const pausedWithin = (span: { start: number; end: number }) =>
      pauses.reduce((sum, pause) => sum + Math.max(0, Math.min(pause.end, span.end) - Math.max(pause.start, span.start)), 0);
    const cpuHeldMs = Math.max(0, ...spans.map((span) => span.cpuMs - pausedWithin(span)));
    // Two upper bounds of how long the loop was held: a turn's CPU time also counts V8's idle-time
    // marking steps between callbacks, the timer's delay also counts other processes on a loaded
    // machine. A read that holds the loop raises both (86-146 ms for an unsliced one), so the lower
    // of the two is the measure.
    const wallDelayMs = delay.max / 1e6;
    return { result, heldMs: Math.min(cpuHeldMs, wallDelayMs), turns: spans.length, wallDelayMs };
  } finally {
    watching = false;
    delay.disable();
    collector.disconnect();
  }
}

const HEADER = 'firstName,lastName,email\r\n';

/** An XLSX whose first sheet has the header and then `rows` empty rows (a few hundred KB zipped). */
async function xlsxWithBlankRows(rows: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Users').addRow(['firstName', 'lastName', 'email']);
  const zip = await JSZip.loadAsync(Buffer.from(await workbook.xlsx.writeBuffer()));
  const sheet = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
  const blank: string[] = [];
  for (let r = 2; r <= rows + 1; r += 1) blank.push(`<row r="${r}"/>`);
  zip.file('xl/worksheets/sheet1.xml', sheet.replace('</sheetData>', `${blank.join('')}</sheetData>`));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** An XLSX whose one data row's first name is `length` characters long. */
async function xlsxWithLongCell(length: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Users');
  sheet.addRow(['firstName', 'lastName', 'email']);
  sheet.addRow(['A'.repeat(length), 'Long', 'long.cell@fhp.example']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describeApp('admin: user import bounded by rows and time', (suite) => {
  let admin: string;
  beforeAll(async () => {
    admin = await tokenFor(suite.app, 'admin@fhp.example');
  });

  /** Posts a preview of `body` while watching the event loop; the answer and how long the loop was held at most. */
  async function importWatched(app: FastifyInstance, body: Buffer) {
    const watched = await watchLoop(() =>
      app.inject({
        method: 'POST',
        url: `${USER_IMPORT_PATH}?commit=false`,
        payload: body,
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/octet-stream' },
      }),
    );
    const response = watched.result;
    return {
      status: response.statusCode,
      body: response.json<{ display_message?: string; rows?: { row: number; firstName: string; errors: string[] }[] }>(),
      size: response.rawPayload.length,
      held: { ms: watched.heldMs, turns: watched.turns, wallDelayMs: watched.wallDelayMs },
    };
  }

  const heldBriefly = (held: { ms: number; turns: number; wallDelayMs: number }) => expect(held.ms, JSON.stringify(held)).toBeLessThan(MAX_HELD_MS);

  it.each([
    ['2 MB of blank lines', 2 * 1024 * 1024],
    ['10 MB of blank lines', USER_IMPORT_LIMITS.maxBytes - HEADER.length],
  ])('a header and %s: refused at row 1,001 after the header, the loop never held for long', async (_what, size) => {
    const body = Buffer.concat([Buffer.from(HEADER), Buffer.alloc(size, '\n')]);
    const answer = await importWatched(suite.app, body);
    heldBriefly(answer.held);
    expect(answer.status).toBe(400);
    expect(answer.body.display_message).toBe(USER_IMPORT_MESSAGES.tooManyRecords);
  });

  it('one quoted cell of 10 MB: read in slices, answered with the row and a short preview of it', async () => {
    const body = Buffer.from(`${HEADER}"${'x'.repeat(USER_IMPORT_LIMITS.maxBytes - HEADER.length - 40)}",Long,long.csv@fhp.example\r\n`);
    expect(body.length).toBeLessThanOrEqual(USER_IMPORT_LIMITS.maxBytes);
    const answer = await importWatched(suite.app, body);
    heldBriefly(answer.held);
    expect(answer.status).toBe(422);
    expect(answer.body.rows).toEqual([expect.objectContaining({ row: 2, errors: [expect.any(String)] })]);
    // The answer names the row without sending 10 MB back.
    expect(answer.size).toBeLessThan(10_000);
  });

  it('a header of 10 MB of empty columns: no columns to read, refused, the loop never held for long', async () => {
    const body = Buffer.from(`firstName,email${','.repeat(USER_IMPORT_LIMITS.maxBytes - 20)}\r\n`);
    const answer = await importWatched(suite.app, body);
    heldBriefly(answer.held);
    expect(answer.status).toBe(400);
  });

  it('an XLSX of 300,000 blank rows: refused at row 1,001 after the header, the loop never held for long', async () => {
    const body = await xlsxWithBlankRows(300_000);
    const answer = await importWatched(suite.app, body);
    heldBriefly(answer.held);
    expect(answer.status).toBe(400);
    expect(answer.body.display_message).toBe(USER_IMPORT_MESSAGES.tooManyRecords);
  });

  it('an XLSX with a 5 MB cell: answered with the row and a short preview of it', async () => {
    const answer = await importWatched(suite.app, await xlsxWithLongCell(5_000_000));
    heldBriefly(answer.held);
    expect(answer.status).toBe(422);
    expect(answer.body.rows).toEqual([expect.objectContaining({ row: 2, errors: [expect.any(String)] })]);
    expect(answer.size).toBeLessThan(10_000);
  });

  it('1,000 records followed by blank lines are more than 1,000 rows: refused, saying blank rows count', async () => {
    const lines = [HEADER.trim()];
    for (let i = 0; i < 1000; i += 1) lines.push(`Ann,Joseph,bounds.${i}@fhp.example`);
    const answer = await importWatched(suite.app, Buffer.from(`${lines.join('\r\n')}\r\n\r\n`));
    expect(answer.status).toBe(400);
    expect(answer.body.display_message).toBe(USER_IMPORT_MESSAGES.tooManyRecords);
    expect(USER_IMPORT_MESSAGES.tooManyRecords).toMatch(/blank rows count/);
  });
});
