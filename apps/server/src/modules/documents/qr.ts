import QRCode from 'qrcode';

/**
 * A QR code as PNG bytes (the `qrcode` package; pure JavaScript), to embed in a PDF. Error
 * correction M survives a crease or a smudge on a printed contract; the quiet zone is part of it.
 */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6, color: { dark: '#0b2545ff', light: '#ffffffff' } });
}
