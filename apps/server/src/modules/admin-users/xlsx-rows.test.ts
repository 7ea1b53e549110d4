import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { NotReadable, TooManyRows, type SheetBounds } from './sheet-rows';
import { readXlsxRows } from './xlsx-rows';

const BOUNDS: SheetBounds = { maxRowNumber: 10, maxColumns: 4, maxCellChars: 20 };

async function workbook(build: (book: ExcelJS.Workbook) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  build(book);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A workbook whose first sheet's XML is `sheetData` (rows as written), with no shared strings. */
async function withSheetData(sheetData: string, prefix = ''): Promise<Buffer> {
  const zip = await JSZip.loadAsync(await workbook((book) => book.addWorksheet('Users').addRow(['x'])));
  const p = prefix ? `${prefix}:` : '';
  const ns = prefix ? `xmlns:${prefix}` : 'xmlns';
  zip.file('xl/worksheets/sheet1.xml', `<?xml version="1.0" encoding="UTF-8"?><${p}worksheet ${ns}="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><${p}sheetData>${sheetData}</${p}sheetData></${p}worksheet>`);
  return zip.generateAsync({ type: 'nodebuffer' });
}

describe('XLSX rows', () => {
  it('reads the first sheet in the workbook’s order: shared, rich and inline strings, numbers, booleans, formulas as their text', async () => {
    const bytes = await workbook((book) => {
      const first = book.addWorksheet('Users');
      first.addRow(['firstName', 'email', 'n', 'flag']);
      first.addRow([{ richText: [{ text: 'Thé', font: { bold: true } }, { text: 'rèse' }] }, 'a@b.co', 7, true]);
      first.addRow([{ formula: 'HYPERLINK("http://evil.example","x")', result: 'x' }, '', 1.5, false]);
      book.addWorksheet('Other').addRow(['not', 'this']);
    });
    const rows = await readXlsxRows(bytes, { ...BOUNDS, maxCellChars: 60 });
    expect(rows).toEqual([
      { number: 1, cells: ['firstName', 'email', 'n', 'flag'] },
      { number: 2, cells: ['Thérèse', 'a@b.co', '7', 'true'] },
      { number: 3, cells: ['=HYPERLINK("http://evil.example","x")', '', '1.5', 'false'] },
    ]);
  });

  it('places cells by their reference (gaps are empty), keeps the first columns and characters, reads prefixed names and inline strings', async () => {
    const bytes = await withSheetData(
      '<x:row r="1"><x:c r="B1" t="inlineStr"><x:is><x:t>email</x:t></x:is></x:c><x:c r="F1" t="inlineStr"><x:is><x:t>far</x:t></x:is></x:c></x:row>' +
        '<x:row r="3"><x:c t="inlineStr"><x:is><x:t>a 30 character long first name</x:t></x:is></x:c><x:c t="str"><x:v>no reference</x:v></x:c></x:row>',
      'x',
    );
    expect(await readXlsxRows(bytes, BOUNDS)).toEqual([
      { number: 1, cells: ['', 'email'] },
      { number: 3, cells: ['a 30 character long …', 'no reference'] },
    ]);
  });

  it('stops at the first row numbered past the bound, empty or not', async () => {
    await expect(readXlsxRows(await withSheetData('<row r="1"/><row r="11"/>'), BOUNDS)).rejects.toBeInstanceOf(TooManyRows);
    await expect(readXlsxRows(await withSheetData('<row r="1"/><row r="10"/>'), BOUNDS)).resolves.toHaveLength(2);
  });

  it('refuses a sheet that is not well-formed XML, and an entity it does not know (no DTD expansion)', async () => {
    await expect(readXlsxRows(await withSheetData('<row r="1"><c'), BOUNDS)).rejects.toBeInstanceOf(NotReadable);
    await expect(readXlsxRows(await withSheetData('<row r="1"><c t="str"><v>&lol;</v></c></row>'), BOUNDS)).rejects.toBeInstanceOf(NotReadable);
    await expect(readXlsxRows(Buffer.from('not a zip at all'), BOUNDS)).rejects.toBeInstanceOf(NotReadable);
  });
});
