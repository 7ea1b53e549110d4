/**
 * Text messages as a phone counts them (issue 20 item 9): one SMS holds 160 characters of the GSM
 * 03.38 alphabet (GSM-7); a character of its extension table (such as € or [) takes two, and a
 * single character outside it sends the whole text as UCS-2, 70 characters a part. The payout texts
 * are kept to one GSM-7 part, so they arrive whole on any handset and cost one message each.
 */

export const SMS_SINGLE_PART = 160;

const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENDED = '\f^{}\\[~]|€';

/** The GSM-7 length of a text (extension characters count two), or null when it is not GSM-7. */
export function gsm7Length(text: string): number | null {
  let length = 0;
  for (const character of text) {
    if (GSM7_BASIC.includes(character)) length += 1;
    else if (GSM7_EXTENDED.includes(character)) length += 2;
    else return null;
  }
  return length;
}

/** A text that goes as one plain SMS part. */
export function fitsOneSms(text: string): boolean {
  const length = gsm7Length(text);
  return length !== null && length <= SMS_SINGLE_PART;
}
