import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';

/**
 * A small page-layout helper over pdf-lib for the documents we issue (the policy contract, payment
 * receipts): A4 pages with the brand band, titled sections, label/value blocks, tables with a
 * header row, wrapped paragraphs, and "Page i of n" footers. Flowing top to bottom, it starts a new
 * page when the next block does not fit, so a long table never runs off the paper.
 */

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const BAND_HEIGHT = 74;
const FOOTER_HEIGHT = 40;

export const PDF_COLORS = {
  navy: rgb(11 / 255, 37 / 255, 69 / 255),
  green: rgb(23 / 255, 112 / 255, 74 / 255),
  magenta: rgb(163 / 255, 19 / 255, 95 / 255),
  text: rgb(31 / 255, 41 / 255, 51 / 255),
  muted: rgb(74 / 255, 85 / 255, 104 / 255),
  rule: rgb(0.82, 0.85, 0.89),
  stripe: rgb(0.95, 0.96, 0.98),
  white: rgb(1, 1, 1),
};

/**
 * The standard PDF fonts only encode WinAnsi (Latin-1 and a few more): typographic quotes and
 * dashes become their plain forms, anything else a question mark, so a name in another script
 * never makes the whole document fail.
 */
export function pdfSafe(text: string): string {
  return text
    .replace(/[\u2018\u2019\u02BC]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u00A0/g, ' ')
    .replace(/[^\u0020-\u007E\u00A1-\u00FF\n]/g, '?');
}

export interface DocumentHeader {
  /** Big title in the band, e.g. "Policy Contract". */
  title: string;
  /** Right-hand line in the band, e.g. the policy number. */
  reference: string;
  /** Footer note on every page. */
  footerNote: string;
}

export class PdfWriter {
  private page!: PDFPage;
  private y = 0;

  private constructor(
    readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly header: DocumentHeader,
  ) {}

  static async create(header: DocumentHeader, meta: { subject: string; createdAt: Date }): Promise<PdfWriter> {
    const doc = await PDFDocument.create();
    doc.setTitle(pdfSafe(`${header.title} ${header.reference}`));
    doc.setAuthor('Flexible Hurricane Protection');
    doc.setSubject(pdfSafe(meta.subject));
    doc.setCreator('Flexible Hurricane Protection portal');
    doc.setProducer('Flexible Hurricane Protection portal');
    // The document's own date, not the moment it was rendered: the same policy renders the same.
    doc.setCreationDate(meta.createdAt);
    doc.setModificationDate(meta.createdAt);
    const writer = new PdfWriter(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold), header);
    writer.newPage();
    return writer;
  }

  get width(): number {
    return A4[0] - 2 * MARGIN;
  }

  private newPage(): void {
    this.page = this.doc.addPage(A4);
    const [pageWidth, pageHeight] = A4;
    this.page.drawRectangle({ x: 0, y: pageHeight - BAND_HEIGHT, width: pageWidth, height: BAND_HEIGHT, color: PDF_COLORS.navy });
    this.page.drawRectangle({ x: 0, y: pageHeight - BAND_HEIGHT - 4, width: pageWidth, height: 4, color: PDF_COLORS.green });
    this.drawShield(MARGIN, pageHeight - 58);
    this.page.drawText('Flexible Hurricane Protection', { x: MARGIN + 40, y: pageHeight - 34, size: 15, font: this.bold, color: PDF_COLORS.white });
    this.page.drawText(pdfSafe(this.header.title), { x: MARGIN + 40, y: pageHeight - 54, size: 11, font: this.regular, color: PDF_COLORS.white });
    const reference = pdfSafe(this.header.reference);
    const referenceWidth = this.bold.widthOfTextAtSize(reference, 11);
    this.page.drawText(reference, { x: pageWidth - MARGIN - referenceWidth, y: pageHeight - 40, size: 11, font: this.bold, color: PDF_COLORS.white });
    this.y = pageHeight - BAND_HEIGHT - 30;
  }

  /** The brand's shield (public/brand/fhp-logo.svg), drawn as vectors. */
  private drawShield(x: number, y: number): void {
    const scale = 1;
    this.page.drawSvgPath('M16 2 4 6.5v8.2C4 22.4 9.1 28.3 16 30c6.9-1.7 12-7.6 12-15.3V6.5L16 2Z', {
      x,
      y: y + 32,
      scale,
      color: PDF_COLORS.green,
    });
    this.page.drawSvgPath('M20.5 10.2c-3.4-1.6-8 .1-8.7 3.9-.5 2.6 1.4 4.9 4 4.9 2 0 3.4-1.5 3.2-3.3M11.5 21.8c3.4 1.6 8-.1 8.7-3.9.5-2.6-1.4-4.9-4-4.9-2 0-3.4 1.5-3.2 3.3', {
      x,
      y: y + 32,
      scale,
      borderColor: PDF_COLORS.white,
      borderWidth: 2,
    });
  }

  /** Starts a new page unless `height` points still fit above the footer. */
  ensureSpace(height: number): void {
    if (this.y - height < MARGIN + FOOTER_HEIGHT) this.newPage();
  }

  space(points: number): void {
    this.y -= points;
  }

  /** A word wider than the line (a link, a hash) is cut into pieces that fit. */
  private breakLong(word: string, font: PDFFont, size: number, width: number): string[] {
    if (font.widthOfTextAtSize(word, size) <= width) return [word];
    const pieces: string[] = [];
    let piece = '';
    for (const character of word) {
      if (piece !== '' && font.widthOfTextAtSize(piece + character, size) > width) {
        pieces.push(piece);
        piece = '';
      }
      piece += character;
    }
    return piece === '' ? pieces : [...pieces, piece];
  }

  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of pdfSafe(text).split('\n')) {
      let line = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean).flatMap((w) => this.breakLong(w, font, size, width))) {
        const candidate = line === '' ? word : `${line} ${word}`;
        if (font.widthOfTextAtSize(candidate, size) <= width || line === '') line = candidate;
        else {
          lines.push(line);
          line = word;
        }
      }
      lines.push(line);
    }
    return lines;
  }

  section(title: string): void {
    this.ensureSpace(60);
    this.y -= 6;
    this.page.drawText(pdfSafe(title.toUpperCase()), { x: MARGIN, y: this.y, size: 10, font: this.bold, color: PDF_COLORS.green });
    this.y -= 6;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: MARGIN + this.width, y: this.y }, thickness: 0.8, color: PDF_COLORS.rule });
    this.y -= 16;
  }

  paragraph(text: string, options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb> } = {}): void {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.regular;
    for (const line of this.wrap(text, font, size, this.width)) {
      this.ensureSpace(size + 4);
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color: options.color ?? PDF_COLORS.text });
      this.y -= size + 4;
    }
    this.y -= 4;
  }

  /** Label/value pairs in `columns` columns: label small and muted, value below it. */
  facts(rows: readonly (readonly [string, string])[], columns = 2): void {
    const columnWidth = this.width / columns;
    for (let start = 0; start < rows.length; start += columns) {
      const chunk = rows.slice(start, start + columns);
      const wrapped = chunk.map(([, value]) => this.wrap(value, this.bold, 10.5, columnWidth - 12));
      const height = 14 + Math.max(...wrapped.map((lines) => lines.length)) * 14 + 6;
      this.ensureSpace(height);
      chunk.forEach(([label], index) => {
        const x = MARGIN + index * columnWidth;
        this.page.drawText(pdfSafe(label), { x, y: this.y, size: 8, font: this.regular, color: PDF_COLORS.muted });
        wrapped[index]!.forEach((line, lineIndex) => {
          this.page.drawText(line, { x, y: this.y - 13 - lineIndex * 14, size: 10.5, font: this.bold, color: PDF_COLORS.text });
        });
      });
      this.y -= height;
    }
  }

  /** A table with a navy header row and striped body rows; `widths` are fractions of the width. */
  table(headers: readonly string[], rows: readonly (readonly string[])[], widths: readonly number[], align: readonly ('left' | 'right')[] = []): void {
    const rowHeight = 18;
    const xs = widths.map((_, index) => MARGIN + widths.slice(0, index).reduce((sum, w) => sum + w, 0) * this.width);
    const cell = (text: string, index: number, y: number, font: PDFFont, color: ReturnType<typeof rgb>) => {
      const value = pdfSafe(text);
      const width = widths[index]! * this.width;
      const textWidth = font.widthOfTextAtSize(value, 9.5);
      const x = align[index] === 'right' ? xs[index]! + width - 6 - textWidth : xs[index]! + 6;
      this.page.drawText(value, { x, y, size: 9.5, font, color });
    };
    const drawHeader = () => {
      this.page.drawRectangle({ x: MARGIN, y: this.y - 5, width: this.width, height: rowHeight, color: PDF_COLORS.navy });
      headers.forEach((header, index) => cell(header, index, this.y, this.bold, PDF_COLORS.white));
      this.y -= rowHeight;
    };
    this.ensureSpace(rowHeight * 2);
    drawHeader();
    rows.forEach((row, rowIndex) => {
      if (this.y - rowHeight < MARGIN + FOOTER_HEIGHT) {
        this.newPage();
        drawHeader();
      }
      if (rowIndex % 2 === 1) this.page.drawRectangle({ x: MARGIN, y: this.y - 5, width: this.width, height: rowHeight, color: PDF_COLORS.stripe });
      row.forEach((value, index) => cell(value, index, this.y, this.regular, PDF_COLORS.text));
      this.y -= rowHeight;
    });
    this.y -= 10;
  }

  /** An image (a QR code) at the left with lines of text beside it. */
  imageWithText(image: PDFImage, size: number, lines: readonly { text: string; bold?: boolean; size?: number }[]): void {
    this.ensureSpace(size + 10);
    this.page.drawImage(image, { x: MARGIN, y: this.y - size + 10, width: size, height: size });
    let y = this.y;
    const x = MARGIN + size + 16;
    for (const line of lines) {
      const fontSize = line.size ?? 9.5;
      const font = line.bold ? this.bold : this.regular;
      for (const wrapped of this.wrap(line.text, font, fontSize, this.width - size - 16)) {
        this.page.drawText(wrapped, { x, y, size: fontSize, font, color: PDF_COLORS.text });
        y -= fontSize + 4;
      }
      y -= 3;
    }
    this.y -= Math.max(size, this.y - y) + 6;
  }

  /** Footers on every page, then the bytes. */
  async finish(): Promise<Uint8Array> {
    const pages = this.doc.getPages();
    pages.forEach((page, index) => {
      page.drawLine({ start: { x: MARGIN, y: MARGIN + 14 }, end: { x: A4[0] - MARGIN, y: MARGIN + 14 }, thickness: 0.5, color: PDF_COLORS.rule });
      page.drawText(pdfSafe(this.header.footerNote), { x: MARGIN, y: MARGIN, size: 7.5, font: this.regular, color: PDF_COLORS.muted });
      const label = `Page ${index + 1} of ${pages.length}`;
      const width = this.regular.widthOfTextAtSize(label, 8);
      page.drawText(label, { x: A4[0] - MARGIN - width, y: MARGIN, size: 8, font: this.regular, color: PDF_COLORS.muted });
    });
    // Object streams off: every text and image stays readable to plain PDF tools.
    return this.doc.save({ useObjectStreams: false });
  }
}
