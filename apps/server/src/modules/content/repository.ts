import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { content, faqs, products } from '../../db/schema';

export type Dashboard = (typeof faqs.$inferSelect)['dashboard'];

export function listFaqs(db: Db, dashboard: Dashboard) {
  return db
    .select({ title: faqs.title, queAns: faqs.queAns, dashboard: faqs.dashboard })
    .from(faqs)
    .where(eq(faqs.dashboard, dashboard))
    .orderBy(asc(faqs.position), asc(faqs.id));
}

export function listProducts(db: Db) {
  return db.select().from(products).orderBy(asc(products.createdAt), asc(products.id));
}

export class ContentShapeError extends Error {
  override name = 'ContentShapeError';
}

/** Reads a content document and checks its shape; undefined when the key has no document. */
export async function readContent<S extends z.ZodType>(db: Db, key: string, shape: S): Promise<z.output<S> | undefined> {
  const [row] = await db.select({ value: content.value }).from(content).where(eq(content.key, key)).limit(1);
  if (!row) return undefined;
  const parsed = shape.safeParse(row.value);
  // Stored content is ours, not the client's: a bad document is a server fault, logged as such.
  if (!parsed.success) throw new ContentShapeError(`content "${key}" does not match its shape: ${parsed.error.message}`);
  return parsed.data;
}
