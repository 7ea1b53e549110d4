import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * What the spreadsheet readers (CSV and XLSX) hand back: at most `maxRowNumber` rows, each with at
 * most `maxColumns` cells of at most `maxCellChars` characters, whatever the file holds. The bounds
 * hold while reading (decision 123): a reader stops as soon as the file goes past them, so its work
 * is bounded by them and not by the file.
 */
export interface SheetRow {
  /** Its number in the sheet, 1 for the first (the header). */
  number: number;
  /** Cell texts by column, from the first; a missing cell is ''. */
  cells: string[];
}

export interface SheetBounds {
  /** A row numbered past it (blank or not) stops the reading with `TooManyRows`. */
  maxRowNumber: number;
  /** Cells further right are ignored. */
  maxColumns: number;
  /** A longer cell is kept as its first characters and an ellipsis: long enough to fail any field's length rule, short enough to send back. */
  maxCellChars: number;
}

/** The sheet goes on past `maxRowNumber`. */
export class TooManyRows extends Error {
  override name = 'TooManyRows';
}

/** The bytes are not text (CSV) or not a workbook we can read (XLSX). */
export class NotReadable extends Error {
  override name = 'NotReadable';
}

/**
 * How much a reader handles before it lets other work run: a slice of this many characters or
 * bytes takes well under a millisecond, so the event loop is never held for long however large
 * the file is.
 */
export const SLICE = 64 * 1024;

/** Lets timers, sockets and other requests run before the next slice. */
export const yieldToLoop = (): Promise<void> => nextTurn();

/** A cell's text within the bound. */
export function boundedCell(text: string, bounds: SheetBounds): string {
  return text.length > bounds.maxCellChars ? `${text.slice(0, bounds.maxCellChars)}…` : text;
}

/**
 * Collects one cell's characters, keeping no more than the bound (plus one, so that "too long" is
 * still known) however many arrive.
 */
export class CellText {
  private parts: string[] = [];
  private kept = 0;
  private over = false;

  constructor(private readonly bounds: SheetBounds) {}

  add(text: string): void {
    if (this.over) return;
    const room = this.bounds.maxCellChars + 1 - this.kept;
    if (text.length >= room) {
      this.parts.push(text.slice(0, room));
      this.kept += room;
      this.over = true;
      return;
    }
    this.parts.push(text);
    this.kept += text.length;
  }

  take(): string {
    // Most cells are one run or none: no joining, and nothing allocated for an empty one.
    if (this.kept === 0) return '';
    const text = boundedCell(this.parts.length === 1 ? this.parts[0]! : this.parts.join(''), this.bounds);
    this.parts.length = 0;
    this.kept = 0;
    this.over = false;
    return text;
  }
}
