import { importColumnOf, USER_IMPORT_LIMITS, USER_IMPORT_MESSAGES, type UserImportColumn } from '@fhp/domain';
import { fileTypeFromBuffer } from 'file-type';
import { readCsvRows } from './csv-rows';
import { NotReadable, TooManyRows, type SheetBounds, type SheetRow } from './sheet-rows';
import { readXlsxRows } from './xlsx-rows';
import { assertZipWithinBounds, ZipTooLarge } from './zip-bounds';

/** A spreadsheet the admin must fix; the message says what. */
export class SpreadsheetRefused extends Error {
  override name = 'SpreadsheetRefused';
}

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * How much of a file is read (decision 123): the header and at most 1,000 rows after it, blank
 * rows counted, so a file of blank lines costs what a thousand rows do; the first 100 columns;
 * 256 characters of a cell (far beyond any name or email, and little to send back in a preview).
 */
export const IMPORT_SHEET_BOUNDS: SheetBounds = { maxRowNumber: USER_IMPORT_LIMITS.maxRecords + 1, maxColumns: 100, maxCellChars: 256 };

/** The rows of a CSV (text) or XLSX file, within the bounds; anything else is refused. */
async function readRows(bytes: Buffer): Promise<SheetRow[]> {
  const detected = await fileTypeFromBuffer(bytes);
  try {
    if (detected?.mime === XLSX_MIME) {
      await assertZipWithinBounds(bytes);
      return await readXlsxRows(bytes, IMPORT_SHEET_BOUNDS);
    }
    // Some other binary type, or bytes that are not UTF-8 text.
    if (detected !== undefined) throw new SpreadsheetRefused(USER_IMPORT_MESSAGES.notSpreadsheet);
    return await readCsvRows(bytes, IMPORT_SHEET_BOUNDS);
  } catch (error) {
    if (error instanceof SpreadsheetRefused) throw error;
    if (error instanceof TooManyRows) throw new SpreadsheetRefused(USER_IMPORT_MESSAGES.tooManyRecords, { cause: error });
    if (error instanceof ZipTooLarge) throw new SpreadsheetRefused(USER_IMPORT_MESSAGES.unpacksTooLarge, { cause: error });
    if (error instanceof NotReadable && detected === undefined) throw new SpreadsheetRefused(USER_IMPORT_MESSAGES.notSpreadsheet, { cause: error });
    throw new SpreadsheetRefused(USER_IMPORT_MESSAGES.unreadable, { cause: error });
  }
}

/**
 * The records of the first sheet: the first row names the columns (firstName, lastName, email, in
 * any order; other columns are ignored), each later non-empty row is a record.
 */
export async function readUserRecords(bytes: Buffer): Promise<(Record<UserImportColumn, string> & { row: number })[]> {
  if (bytes.length > USER_IMPORT_LIMITS.maxBytes) throw new SpreadsheetRefused(USER_IMPORT_MESSAGES.tooLarge);
  if (bytes.length === 0) throw new SpreadsheetRefused(USER_IMPORT_MESSAGES.empty);
  const rows = await readRows(bytes);
  const columns = new Map<number, UserImportColumn>();
  const header = rows[0]?.number === 1 ? rows[0] : undefined;
  header?.cells.forEach((text, col) => {
    const column = importColumnOf(text.trim());
    if (column) columns.set(col, column);
  });
  if (![...columns.values()].includes('firstName') || ![...columns.values()].includes('email')) throw new SpreadsheetRefused(USER_IMPORT_MESSAGES.noHeader);
  const records: (Record<UserImportColumn, string> & { row: number })[] = [];
  for (const row of rows.slice(1)) {
    const record: Record<UserImportColumn, string> = { firstName: '', lastName: '', email: '' };
    for (const [col, column] of columns) record[column] = row.cells[col] ?? '';
    if (Object.values(record).every((value) => value.trim() === '')) continue;
    records.push({ ...record, row: row.number });
  }
  if (records.length === 0) throw new SpreadsheetRefused(USER_IMPORT_MESSAGES.empty);
  return records;
}
