import type { Readable } from 'node:stream';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import type yauzl from 'yauzl';
import { CellText, NotReadable, TooManyRows, yieldToLoop, type SheetBounds, type SheetRow } from './sheet-rows';
import { openZip } from './zip-bounds';

/**
 * The rows of an XLSX workbook's first sheet, read as a stream of XML (decision 123): the sheet is
 * parsed chunk by chunk as it inflates, with the event loop let go between chunks, and the reading
 * stops at the first row numbered past the bound (a row element counts, cells or not), so a
 * workbook of a million empty rows costs what its first thousand do. Only the shared strings the
 * kept cells name are kept. Cells as text, never evaluated: a formula gives `=` and its formula.
 * The archive's size was bounded before (zip-bounds.ts); anything unreadable is `NotReadable`.
 */
export async function readXlsxRows(bytes: Buffer, bounds: SheetBounds): Promise<SheetRow[]> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(bytes);
  } catch (error) {
    throw new NotReadable('not a zip archive', { cause: error });
  }
  try {
    const entries = await listEntries(zip);
    const sheetPath = await firstSheetPath(zip, entries);
    const sheet = entries.get(sheetPath);
    if (!sheet) throw new NotReadable(`no ${sheetPath}`);
    const { rows, sharedRefs } = await readSheet(zip, sheet, bounds);
    if (sharedRefs.length > 0) {
      const strings = await readSharedStrings(zip, entries.get('xl/sharedStrings.xml'), new Set(sharedRefs.map((ref) => ref.index)), bounds);
      for (const ref of sharedRefs) ref.row.cells[ref.column] = strings.get(ref.index) ?? '';
    }
    return rows;
  } finally {
    zip.close();
  }
}

/** Small parts (the workbook, its relationships) are read whole, up to this size. */
const MAX_PART_BYTES = 1024 * 1024;

function listEntries(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', (error: Error) => reject(new NotReadable('a corrupt archive', { cause: error })));
    zip.readEntry();
  });
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => (error ? reject(new NotReadable(`entry ${entry.fileName}`, { cause: error })) : resolve(stream)));
  });
}

/** Element and attribute names without their namespace prefix (`x:row` is a row). */
const local = (name: string): string => name.slice(name.indexOf(':') + 1);

/**
 * Feeds an entry's XML to `handle`'s parser chunk by chunk, letting the event loop go between
 * chunks; `handle` may stop the reading early by returning `true` from `stop()`.
 */
async function parseEntry(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  setUp: (parser: SaxesParser) => void,
  stop: () => boolean = () => false,
  maxBytes = Number.POSITIVE_INFINITY,
): Promise<void> {
  const stream = await openEntry(zip, entry);
  const parser = new SaxesParser({ position: false });
  setUp(parser);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let read = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      read += chunk.length;
      if (read > maxBytes) throw new NotReadable(`${entry.fileName} is larger than expected`);
      parser.write(decoder.decode(chunk, { stream: true }));
      if (stop()) return;
      await yieldToLoop();
    }
    parser.write(decoder.decode()).close();
  } catch (error) {
    if (error instanceof TooManyRows || error instanceof NotReadable) throw error;
    throw new NotReadable(`${entry.fileName} is not well-formed`, { cause: error });
  } finally {
    stream.destroy();
  }
}

/** The first sheet in the workbook's order, through its relationship; sheet1.xml when they do not say. */
async function firstSheetPath(zip: yauzl.ZipFile, entries: Map<string, yauzl.Entry>): Promise<string> {
  const fallback = 'xl/worksheets/sheet1.xml';
  const workbook = entries.get('xl/workbook.xml');
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  if (!workbook || !rels) return fallback;
  let relationId: string | undefined;
  await parseEntry(
    zip,
    workbook,
    (parser) =>
      parser.on('opentag', (tag: SaxesTagPlain) => {
        if (relationId !== undefined || local(tag.name) !== 'sheet') return;
        const key = Object.keys(tag.attributes).find((name) => name.includes(':') && local(name) === 'id');
        relationId = key === undefined ? undefined : tag.attributes[key];
      }),
    () => relationId !== undefined,
    MAX_PART_BYTES,
  );
  if (relationId === undefined) return fallback;
  let target: string | undefined;
  await parseEntry(
    zip,
    rels,
    (parser) =>
      parser.on('opentag', (tag: SaxesTagPlain) => {
        if (local(tag.name) === 'Relationship' && tag.attributes.Id === relationId) target = tag.attributes.Target;
      }),
    () => target !== undefined,
    MAX_PART_BYTES,
  );
  if (target === undefined) return fallback;
  return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
}

/** A cell that names a shared string, to be filled in once the strings are read. */
interface SharedRef {
  row: SheetRow;
  column: number;
  index: number;
}

/** Column letters to a 0-based index: A is 0, AA is 26; null when the reference has none. */
function columnOf(reference: string | undefined): number | null {
  const letters = /^([A-Z]+)/i.exec(reference ?? '')?.[1];
  if (!letters) return null;
  let column = 0;
  for (const letter of letters.toUpperCase()) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column - 1;
}

async function readSheet(zip: yauzl.ZipFile, entry: yauzl.Entry, bounds: SheetBounds): Promise<{ rows: SheetRow[]; sharedRefs: SharedRef[] }> {
  const rows: SheetRow[] = [];
  const sharedRefs: SharedRef[] = [];
  let row: SheetRow | null = null;
  let cell: { column: number; type: string } | null = null;
  let lastColumn = -1;
  /** Which text of the cell is being read: its value, its formula, or its inline string. */
  let reading: 'v' | 'f' | 't' | null = null;
  const value = new CellText(bounds);
  const formula = new CellText(bounds);
  let hasFormula = false;

  await parseEntry(zip, entry, (parser) => {
    parser.on('opentag', (tag: SaxesTagPlain) => {
      const name = local(tag.name);
      if (name === 'row') {
        const number = Number.parseInt(tag.attributes.r ?? '', 10) || (rows.at(-1)?.number ?? 0) + 1;
        // Blank rows count: a sheet's thousandth row after the header is as far as an import reads.
        if (number > bounds.maxRowNumber) throw new TooManyRows(`row ${number}`);
        row = { number, cells: [] };
        lastColumn = -1;
      } else if (name === 'c' && row !== null) {
        const column = columnOf(tag.attributes.r) ?? lastColumn + 1;
        lastColumn = column;
        cell = { column, type: tag.attributes.t ?? 'n' };
        hasFormula = false;
      } else if (cell !== null && (name === 'v' || name === 'f' || name === 't')) {
        reading = name;
        if (name === 'f') hasFormula = true;
      }
    });
    parser.on('text', (text: string) => {
      if (cell === null || reading === null || cell.column >= bounds.maxColumns) return;
      (reading === 'f' ? formula : value).add(text);
    });
    parser.on('closetag', (tag: SaxesTagPlain) => {
      const name = local(tag.name);
      if (name === 'v' || name === 'f' || name === 't') reading = null;
      else if (name === 'c' && row !== null && cell !== null) {
        const { column, type } = cell;
        const raw = value.take();
        const written = formula.take();
        cell = null;
        if (column >= bounds.maxColumns) return;
        while (row.cells.length < column) row.cells.push('');
        if (hasFormula) row.cells[column] = `=${written}`;
        else if (type === 's') {
          row.cells[column] = '';
          const index = Number.parseInt(raw, 10);
          if (Number.isInteger(index) && index >= 0) sharedRefs.push({ row, column, index });
        } else if (type === 'b') row.cells[column] = raw === '1' ? 'true' : 'false';
        else row.cells[column] = raw;
      } else if (name === 'row' && row !== null) {
        rows.push(row);
        row = null;
      }
    });
  });
  return { rows, sharedRefs };
}

/** The shared strings at `wanted`, each within the cell bound; reading stops past the last one wanted. */
async function readSharedStrings(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined, wanted: Set<number>, bounds: SheetBounds): Promise<Map<number, string>> {
  const strings = new Map<number, string>();
  if (!entry) return strings;
  let last = -1;
  for (const wantedIndex of wanted) last = Math.max(last, wantedIndex);
  let index = -1;
  let inText = false;
  /** Phonetic runs (`rPh`) hold a reading aid, not the text. */
  let inPhonetic = false;
  const text = new CellText(bounds);
  await parseEntry(
    zip,
    entry,
    (parser) => {
      parser.on('opentag', (tag: SaxesTagPlain) => {
        const name = local(tag.name);
        if (name === 'si') index += 1;
        else if (name === 'rPh') inPhonetic = true;
        else if (name === 't' && !inPhonetic) inText = true;
      });
      parser.on('text', (chunk: string) => {
        if (inText && wanted.has(index)) text.add(chunk);
      });
      parser.on('closetag', (tag: SaxesTagPlain) => {
        const name = local(tag.name);
        if (name === 't') inText = false;
        else if (name === 'rPh') inPhonetic = false;
        else if (name === 'si') {
          const done = text.take();
          if (wanted.has(index)) strings.set(index, done);
        }
      });
    },
    () => index > last,
  );
  return strings;
}
