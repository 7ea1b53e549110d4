/** What the PDFs (contracts, receipts) are drawn with. */
export { longDate, longInstant } from './format';
export { PdfWriter } from './pdf-layout';
export { qrPng } from './qr';
