import { z } from 'zod';
import { nameText, TEXT_LIMITS } from '../schemas/fields';
import { KYC_MESSAGES } from '../schemas/messages';
import { emailSchema } from './schemas';

/**
 * Importing users from a spreadsheet (spec part 2 "Users list (admin)": fields firstName (required),
 * lastName, email (unique); at most 1000 records and 10485760 bytes per file). All or nothing: one
 * bad row refuses the file, and the preview names every bad row with its reason.
 */
export const USER_IMPORT_LIMITS = { maxRecords: 1000, maxBytes: 10_485_760 } as const;

export const USER_IMPORT_MESSAGES = {
  firstNameRequired: 'First Name is required',
  emailUnique: 'Email is required and it should be unique',
  // Blank rows count: a file is read no further than this many rows after its header.
  tooManyRecords: `The file has more than ${USER_IMPORT_LIMITS.maxRecords} rows after its header (blank rows count too); remove blank rows or split it into files of at most ${USER_IMPORT_LIMITS.maxRecords} records.`,
  tooLarge: `The file is larger than ${USER_IMPORT_LIMITS.maxBytes} bytes (10 MB).`,
  notSpreadsheet: 'The file must be a CSV or XLSX spreadsheet.',
  unpacksTooLarge: 'The spreadsheet unpacks to far more than a list of users would. Save only the users sheet as CSV or XLSX and try again.',
  unreadable: 'The spreadsheet could not be read. Please save it again as CSV or XLSX.',
  noHeader: 'The first row must name the columns firstName, lastName and email.',
  empty: 'The file has no records.',
  refused: 'Nothing was imported: fix the rows marked below and upload the file again.',
  imported: (count: number) => `${count} users imported`,
} as const;

/** The columns, matched without regard to case, spaces or underscores ("First Name" is firstName). */
export const USER_IMPORT_COLUMNS = ['firstName', 'lastName', 'email'] as const;
export type UserImportColumn = (typeof USER_IMPORT_COLUMNS)[number];

export function importColumnOf(header: string): UserImportColumn | undefined {
  const key = header.replace(/[\s_-]+/g, '').toLowerCase();
  return USER_IMPORT_COLUMNS.find((column) => column.toLowerCase() === key);
}

const emailCell = z.string().trim().min(1, USER_IMPORT_MESSAGES.emailUnique).pipe(emailSchema);

export const userImportRowSchema = z.object({
  firstName: nameText(USER_IMPORT_MESSAGES.firstNameRequired, KYC_MESSAGES.firstNameAlpha, TEXT_LIMITS.firstName),
  lastName: z
    .string()
    .trim()
    .transform((value) => (value === '' ? null : value))
    .pipe(nameText(KYC_MESSAGES.lastNameRequired, KYC_MESSAGES.lastNameAlpha, TEXT_LIMITS.lastName).nullable()),
  email: emailCell,
});
export type UserImportRow = z.output<typeof userImportRowSchema>;

/** One row of the preview: its number in the file (the header is row 1), what it says, and why it is refused. */
export interface UserImportPreviewRow {
  row: number;
  firstName: string;
  lastName: string;
  email: string;
  errors: string[];
}

/**
 * Checks every record: each field by the rules above, the email unique within the file and not
 * already taken (`taken`, lower-case). Answers the preview and the rows to store when none failed.
 */
export function checkUserImport(
  records: readonly (Record<UserImportColumn, string> & { row?: number })[],
  taken: ReadonlySet<string>,
): { preview: UserImportPreviewRow[]; valid: UserImportRow[] | null } {
  const seen = new Map<string, number>();
  const valid: UserImportRow[] = [];
  const preview = records.map((record, index) => {
    const errors: string[] = [];
    const parsed = userImportRowSchema.safeParse(record);
    if (parsed.success) {
      const email = parsed.data.email;
      if (taken.has(email) || seen.has(email)) errors.push(USER_IMPORT_MESSAGES.emailUnique);
      seen.set(email, index);
      valid.push(parsed.data);
    } else {
      // The first problem of each field is enough to fix it ("required" before "letters only").
      const fields = new Set<unknown>();
      for (const issue of parsed.error.issues) {
        if (fields.has(issue.path[0])) continue;
        fields.add(issue.path[0]);
        errors.push(issue.path[0] === 'email' ? USER_IMPORT_MESSAGES.emailUnique : issue.message);
      }
    }
    return { row: record.row ?? index + 2, firstName: record.firstName, lastName: record.lastName, email: record.email, errors };
  });
  return { preview, valid: preview.every((row) => row.errors.length === 0) ? valid : null };
}
