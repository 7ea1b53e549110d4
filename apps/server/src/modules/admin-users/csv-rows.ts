import { CellText, NotReadable, SLICE, TooManyRows, yieldToLoop, type SheetBounds, type SheetRow } from './sheet-rows';

const QUOTE = 0x22;
const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;

/**
 * The rows of a CSV file (RFC 4180: commas, double quotes with "" inside them, CRLF, LF or CR line
 * ends; every cell a string, never a number, date or formula), read in slices of 64 KB with the
 * event loop let go between them. UTF-8 with an optional BOM; a NUL byte or bytes that are not
 * UTF-8 mean it is not text (`NotReadable`). Stops with `TooManyRows` at the first row numbered
 * past the bound, blank rows counted: a line is a row.
 */
export async function readCsvRows(bytes: Buffer, bounds: SheetBounds): Promise<SheetRow[]> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const rows: SheetRow[] = [];
  const cell = new CellText(bounds);
  let cells: string[] = [];
  let column = 0;
  let fieldStarted = false;
  let inQuotes = false;
  /** A quote inside a quoted field, waiting for the next character: "" is a quote, anything else ends the field's quotes. */
  let quoteInQuotes = false;
  /** The last line ended with CR: an LF right after it is the same line end. */
  let afterCr = false;

  const endCell = () => {
    // Columns past the bound keep no text, so there is nothing to take.
    if (column < bounds.maxColumns) cells.push(cell.take());
    column += 1;
    fieldStarted = false;
  };
  const endRow = () => {
    endCell();
    const number = rows.length + 1;
    if (number > bounds.maxRowNumber) throw new TooManyRows(`row ${number}`);
    rows.push({ number, cells });
    cells = [];
    column = 0;
  };

  for (let offset = 0; offset < bytes.length; offset += SLICE) {
    const slice = bytes.subarray(offset, offset + SLICE);
    if (slice.includes(0)) throw new NotReadable('a NUL byte');
    let text: string;
    try {
      text = decoder.decode(slice, { stream: offset + SLICE < bytes.length });
    } catch (error) {
      throw new NotReadable('not UTF-8', { cause: error });
    }
    let i = offset === 0 && text.charCodeAt(0) === 0xfeff ? 1 : 0;
    // Plain characters are taken as runs (one add per run), not one by one.
    let runStart = -1;
    const flushRun = (end: number) => {
      if (runStart !== -1 && column < bounds.maxColumns) cell.add(text.slice(runStart, end));
      runStart = -1;
    };
    for (; i < text.length; i += 1) {
      const code = text.charCodeAt(i);
      if (afterCr) {
        afterCr = false;
        if (code === LF) continue;
      }
      if (quoteInQuotes) {
        quoteInQuotes = false;
        if (code === QUOTE) {
          if (column < bounds.maxColumns) cell.add('"');
          continue;
        }
        inQuotes = false;
      }
      if (inQuotes) {
        if (code === QUOTE) {
          flushRun(i);
          quoteInQuotes = true;
        } else if (runStart === -1) {
          runStart = i;
        }
        continue;
      }
      if (code === COMMA || code === CR || code === LF) {
        flushRun(i);
        if (code === COMMA) endCell();
        else {
          endRow();
          afterCr = code === CR;
        }
        continue;
      }
      if (code === QUOTE && !fieldStarted) {
        fieldStarted = true;
        inQuotes = true;
        continue;
      }
      fieldStarted = true;
      if (runStart === -1) runStart = i;
    }
    flushRun(text.length);
    await yieldToLoop();
  }
  // A last line without a line end is a row; an unclosed quote keeps what followed it.
  if (fieldStarted || column > 0 || inQuotes || quoteInQuotes) endRow();
  return rows;
}
