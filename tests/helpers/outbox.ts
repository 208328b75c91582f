import { desc, eq } from 'drizzle-orm';
import { devEmails } from '#server/db/schema.ts';
import type { TestApp } from './app.ts';

/** The emails to an address in the development outbox, as the app wrote them. */
export function emailsTo(app: TestApp, to: string) {
  return app.ctx.db.select().from(devEmails).where(eq(devEmails.to, to));
}

/** The newest email to an address in the development outbox, if there is one. */
export async function newestEmailTo(app: TestApp, to: string) {
  const [email] = await app.ctx.db
    .select()
    .from(devEmails)
    .where(eq(devEmails.to, to))
    .orderBy(desc(devEmails.createdAt))
    .limit(1);
  return email;
}
