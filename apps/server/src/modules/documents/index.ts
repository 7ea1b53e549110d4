/** What the PDFs (contracts, receipts) are drawn with. */
export { PdfWriter } from './pdf-layout';
export { qrPng } from './qr';
