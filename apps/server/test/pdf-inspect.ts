import jsQR from 'jsqr';
import { decodePDFRawStream, PDFDocument, PDFName, PDFRawStream, type PDFNumber } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';

/*
 * Reading back the PDFs we issue, as a person or a phone would: the text (unpdf, PDF.js underneath)
 * and the QR codes. Used by the server tests and the end-to-end spec; imports nothing of the app.
 */

/** Every page's text of a PDF, joined (unpdf, PDF.js underneath). */
export async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const { text, totalPages } = await extractText(document, { mergePages: true });
  return { text, pages: totalPages };
}

/**
 * Decodes the QR codes drawn in a PDF: each image XObject's pixels are decoded from the file
 * (pdf-lib) and read by jsQR, as a phone camera would read the printed page.
 */
export async function pdfQrCodes(bytes: Uint8Array): Promise<string[]> {
  const document = await PDFDocument.load(bytes);
  const found: string[] = [];
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || object.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    const width = (object.dict.get(PDFName.of('Width')) as PDFNumber).asNumber();
    const height = (object.dict.get(PDFName.of('Height')) as PDFNumber).asNumber();
    const pixels = decodePDFRawStream(object).decode();
    const channels = pixels.length / (width * height);
    if (channels !== 1 && channels !== 3) continue; // a soft mask or another encoding: not a QR image
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let pixel = 0; pixel < width * height; pixel += 1) {
      const at = pixel * channels;
      const [r, g, b] = channels === 3 ? [pixels[at]!, pixels[at + 1]!, pixels[at + 2]!] : [pixels[at]!, pixels[at]!, pixels[at]!];
      rgba.set([r, g, b, 255], pixel * 4);
    }
    const code = jsQR(rgba, width, height);
    if (code) found.push(code.data);
  }
  return found;
}
