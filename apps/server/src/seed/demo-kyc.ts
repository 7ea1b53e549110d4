import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { customerProfiles, users } from '../db/schema';
import { attachFiles, insertKycDocuments, upsertCustomerProfile } from '../modules/kyc';
import { appendTransaction, TXN_LOCATIONS, TXN_TYPES } from '../modules/audit';

/**
 * The demo ID proof: a passport data page marked as a specimen, drawn by `npm run demo:documents`
 * (it was a QR code, which looked like no ID; issue 20 item 5). The same picture for every holder:
 * it names nobody.
 */
export const DEMO_PASSPORT_PNG = new URL('./assets/demo-passport.png', import.meta.url);

/**
 * The demo holders bought policies, so they passed KYC: a profile, an ID proof (an image) and an
 * address proof (a PDF), marked as demo documents, and the KYC timeline's first entry. Seeded
 * beside the demo policies (start.ts) and only for a holder who has no profile yet.
 */
const DEMO_KYC = [
  { email: 'purchaser@fhp.example', gender: 'female', occupation: 'Teacher', addressLine1: '14 Church Street', city: "St. George's", country: 'Grenada', phoneVerified: true },
  // Bernard has not verified his phone yet: the demo shows the verify-phone button.
  { email: 'purchaser.b@fhp.example', gender: 'male', occupation: 'Fisher', addressLine1: '3 Bay Front', city: 'Roseau', country: 'Dominica', phoneVerified: false },
] as const;

const SUBMITTED_AT = new Date('2026-03-02T14:00:00Z');

async function addressProofPdf(name: string, address: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([420, 300]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  page.drawText('Utility bill (demo document)', { x: 30, y: 250, size: 16, font: bold, color: rgb(0.04, 0.15, 0.27) });
  page.drawText(name, { x: 30, y: 210, size: 12, font });
  page.drawText(address, { x: 30, y: 192, size: 12, font });
  page.drawText('Not a real document: seeded for the demo.', { x: 30, y: 40, size: 10, font, color: rgb(0.4, 0.4, 0.4) });
  return Buffer.from(await pdf.save());
}

export async function seedDemoKyc(app: FastifyInstance): Promise<number> {
  const people = await app.db.select().from(users).where(inArray(users.email, DEMO_KYC.map((demo) => demo.email)));
  const done = new Set(
    (await app.db.select({ userId: customerProfiles.userId }).from(customerProfiles).where(inArray(customerProfiles.userId, people.map((p) => p.id)))).map((row) => row.userId),
  );
  let seeded = 0;
  let passport: Buffer | undefined;
  for (const demo of DEMO_KYC) {
    const person = people.find((p) => p.email === demo.email);
    if (!person || done.has(person.id)) continue;
    const name = `${person.firstName ?? ''} ${person.lastName ?? ''}`.trim();
    passport ??= await readFile(DEMO_PASSPORT_PNG);
    const idProof = await app.blobs.put(
      { ownerId: person.id, purpose: 'ID_PROOF', originalName: 'passport-demo.png', mimeType: 'image/png', bytes: passport },
      SUBMITTED_AT,
    );
    const addressProof = await app.blobs.put(
      { ownerId: person.id, purpose: 'ADDRESS_PROOF', originalName: 'utility-bill-demo.pdf', mimeType: 'application/pdf', bytes: await addressProofPdf(name, `${demo.addressLine1}, ${demo.city}`) },
      SUBMITTED_AT,
    );
    await app.db.transaction(async (tx) => {
      if (!demo.phoneVerified) await tx.update(users).set({ phoneVerified: false }).where(eq(users.id, person.id));
      await upsertCustomerProfile(tx, {
        userId: person.id,
        gender: demo.gender,
        occupation: demo.occupation,
        addressLine1: demo.addressLine1,
        city: demo.city,
        country: demo.country,
        kycSubmitted: true,
        kycSubmittedAt: SUBMITTED_AT,
        updatedAt: SUBMITTED_AT,
      });
      const documents = [
        { userId: person.id, fileId: idProof.id, type: 'ID_PROOF' as const, name: 'passport', status: 'SUBMITTED' as const, comment: null, fileType: 'image/png', createdAt: SUBMITTED_AT },
        { userId: person.id, fileId: addressProof.id, type: 'ADDRESS_PROOF' as const, name: 'utilityBill', status: 'SUBMITTED' as const, comment: null, fileType: 'application/pdf', createdAt: SUBMITTED_AT },
      ];
      await insertKycDocuments(tx, documents);
      await attachFiles(tx, documents.map((doc) => doc.fileId), SUBMITTED_AT);
      await appendTransaction(tx, {
        ownerId: person.id,
        performedBy: person.id,
        type: TXN_TYPES.KYC_SUBMISSION,
        action: 'KYC details submitted',
        payload: { documents: documents.map((doc) => ({ type: doc.type, name: doc.name })) },
        location: TXN_LOCATIONS.portal,
        at: SUBMITTED_AT,
      });
    });
    seeded += 1;
  }
  return seeded;
}
