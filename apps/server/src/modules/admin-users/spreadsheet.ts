import { Readable } from 'node:stream';
import { importColumnOf, USER_IMPORT_LIMITS, USER_IMPORT_MESSAGES, type UserImportColumn } from '@fhp/domain';
import ExcelJS from 'exceljs';
import { fileTypeFromBuffer } from 'file-type';
import { assertZipWithinBounds, ZipTooLarge } from './zip-bounds';

/** A spreadsheet the admin must fix; the message says what. */
export class SpreadsheetRefused extends Error {
  override name = 'SpreadsheetRefused';
}

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A cell as text, never evaluated: a formula cell gives its formula (`=A1+1`), not its cached
 * result, so a name cell holding `=HYPERLINK(...)` is seen, and refused, for what it is.
 */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('formula' in value && typeof value.formula === 'string') return `=${value.formula}`;
    if ('sharedFormula' in value && typeof value.sharedFormula === 'string') return `=${value.sharedFormula}`;
    if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((part) => part.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text; // a hyperlink cell
    if ('error' in value) return String(value.error);
  }
  return '';
}

/** CSV is text: UTF-8 (a BOM allowed) without NUL bytes; anything binary that is not XLSX is refused. */
function looksLikeText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  return !new TextDecoder('utf-8', { fatal: false }).decode(bytes).includes('\uFFFD');
}

async function readWorksheet(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  const detected = await fileTypeFromBuffer(bytes);
  try {
    if (detected?.mime === XLSX_MIME) {
      await assertZipWithinBounds(bytes);
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      if (!sheet) throw new SpreadsheetRefused(USER_IMPORT_MESSAGES.empty);
      return sheet;
    }
    if (detected !== undefined || !looksLikeText(bytes)) throw new SpreadsheetRefused(USER_IMPORT_MESSAGES.notSpreadsheet);
    // Every CSV cell stays a string: no number, date or formula parsing.
    return await workbook.csv.read(Readable.from([bytes]), { parserOptions: { trim: false }, map: (value: string) => value });
  } catch (error) {
    if (error instanceof SpreadsheetRefused) throw error;
    if (error instanceof ZipTooLarge) throw new SpreadsheetRefused(USER_IMPORT_MESSAGES.unpacksTooLarge, { cause: error });
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
  const sheet = await readWorksheet(bytes);
  const columns = new Map<number, UserImportColumn>();
  sheet.getRow(1).eachCell((cell, col) => {
    const column = importColumnOf(cellText(cell.value).trim());
    if (column) columns.set(col, column);
  });
  if (![...columns.values()].includes('firstName') || ![...columns.values()].includes('email')) throw new SpreadsheetRefused(USER_IMPORT_MESSAGES.noHeader);
  const records: (Record<UserImportColumn, string> & { row: number })[] = [];
  for (let r = 2; r <= sheet.rowCount; r += 1) {
    const record: Record<UserImportColumn, string> = { firstName: '', lastName: '', email: '' };
    const row = sheet.getRow(r);
    for (const [col, column] of columns) record[column] = cellText(row.getCell(col).value);
    if (Object.values(record).every((value) => value.trim() === '')) continue;
    records.push({ ...record, row: r });
    if (records.length > USER_IMPORT_LIMITS.maxRecords) throw new SpreadsheetRefused(USER_IMPORT_MESSAGES.tooManyRecords);
  }
  if (records.length === 0) throw new SpreadsheetRefused(USER_IMPORT_MESSAGES.empty);
  return records;
}
