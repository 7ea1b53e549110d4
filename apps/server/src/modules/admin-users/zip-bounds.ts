import yauzl from 'yauzl';

/**
 * How far an uploaded XLSX may expand. A real import of 1000 users is about 100 KB unzipped; a
 * workbook of 10 MB of text with styles and a few sheets stays well under these. A zip bomb (a few
 * kilobytes that inflate to gigabytes) is stopped here, before the spreadsheet library unpacks it
 * whole in memory.
 */
export const ZIP_LIMITS = { maxEntries: 1000, maxUncompressedBytes: 64 * 1024 * 1024 } as const;

export class ZipTooLarge extends Error {
  override name = 'ZipTooLarge';
}

/** The archive's directory, read from the buffer; entries one at a time (`readEntry`), each opened on request. */
export function openZip(bytes: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // validateEntrySizes: an entry that inflates past the size it declares is an error, so a lying
    // central directory cannot slip a bigger entry past the sum below.
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => (error ? reject(error) : resolve(zip)));
  });
}

/**
 * Inflates every entry once, counting bytes and keeping none, and throws `ZipTooLarge` as soon as
 * the archive has more entries, or inflates to more bytes, than `limits` allow. Other errors (not a
 * zip, a corrupt entry) are thrown as they are.
 */
export async function assertZipWithinBounds(bytes: Buffer, limits: { maxEntries: number; maxUncompressedBytes: number } = ZIP_LIMITS): Promise<void> {
  const zip = await openZip(bytes);
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw new ZipTooLarge(`the archive has ${zip.entryCount} entries`);
  }
  let total = 0;
  await new Promise<void>((resolve, reject) => {
    const fail = (error: Error) => {
      zip.close();
      reject(error);
    };
    zip.on('error', fail);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith('/')) return zip.readEntry();
      // The declared size first: nothing is inflated for an archive that admits it is too big.
      if (total + entry.uncompressedSize > limits.maxUncompressedBytes) return fail(new ZipTooLarge('the archive declares too many bytes'));
      zip.openReadStream(entry, (error, stream) => {
        if (error) return fail(error);
        stream.on('data', (chunk: Buffer) => {
          total += chunk.length;
          if (total > limits.maxUncompressedBytes) {
            stream.destroy();
            fail(new ZipTooLarge('the archive inflates to too many bytes'));
          }
        });
        stream.on('error', fail);
        stream.on('end', () => zip.readEntry());
      });
    });
    zip.readEntry();
  });
}
