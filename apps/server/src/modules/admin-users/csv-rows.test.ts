import { describe, expect, it } from 'vitest';
import { readCsvRows } from './csv-rows';
import { NotReadable, SLICE, TooManyRows, type SheetBounds } from './sheet-rows';

const BOUNDS: SheetBounds = { maxRowNumber: 10, maxColumns: 3, maxCellChars: 12 };
const cellsOf = async (text: string | Buffer, bounds = BOUNDS) => (await readCsvRows(Buffer.isBuffer(text) ? text : Buffer.from(text), bounds)).map((row) => row.cells);

describe('CSV rows', () => {
  it('reads RFC 4180: quotes, doubled quotes, commas and line ends inside quotes, CRLF, LF and CR', async () => {
    expect(await cellsOf('a,"b, c","say ""hi"""\r\nd,"two\r\nlines",e\nf,g,h\ri,j,k')).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['d', 'two\r\nlines', 'e'],
      ['f', 'g', 'h'],
      ['i', 'j', 'k'],
    ]);
  });

  it('keeps every cell a string as written (no numbers, dates or formulas), drops a BOM, and counts a blank line as a row', async () => {
    const rows = await readCsvRows(Buffer.from('\uFEFFfirstName,email\r\n\r\n=1+1, 007 ,2027-01-01\r\n'), BOUNDS);
    expect(rows).toEqual([
      { number: 1, cells: ['firstName', 'email'] },
      { number: 2, cells: [''] },
      { number: 3, cells: ['=1+1', ' 007 ', '2027-01-01'] },
    ]);
  });

  it('keeps the first columns and the first characters of a cell only', async () => {
    expect(await cellsOf('a,b,c,d,e\r\n"12345678901234",x')).toEqual([
      ['a', 'b', 'c'],
      ['123456789012…', 'x'],
    ]);
  });

  it('reads a cell split across slices, a multi-byte character on the boundary, and a quote pair on it', async () => {
    const name = 'Thérèse';
    const padding = 'p'.repeat(SLICE - 3);
    const text = `${padding},"${name}""",x\r\n`;
    const rows = await cellsOf(text, { ...BOUNDS, maxCellChars: SLICE * 2 });
    expect(rows).toEqual([[padding, `${name}"`, 'x']]);
  });

  it('stops at the first row past the bound, blank or not', async () => {
    await expect(readCsvRows(Buffer.from('h\r\n' + '\r\n'.repeat(10)), BOUNDS)).rejects.toBeInstanceOf(TooManyRows);
    await expect(readCsvRows(Buffer.from('h\r\n' + 'x\r\n'.repeat(9)), BOUNDS)).resolves.toHaveLength(10);
  });

  it('refuses bytes that are not UTF-8 text', async () => {
    await expect(readCsvRows(Buffer.from([0x61, 0x00, 0x62]), BOUNDS)).rejects.toBeInstanceOf(NotReadable);
    await expect(readCsvRows(Buffer.from([0x61, 0xff, 0xfe]), BOUNDS)).rejects.toBeInstanceOf(NotReadable);
  });

  it('keeps what follows an unclosed quote', async () => {
    expect(await cellsOf('a,"open\r\nrest')).toEqual([['a', 'open\r\nrest']]);
  });
});
