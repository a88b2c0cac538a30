import { eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { users } from './schema';

type UserRow = typeof users.$inferSelect;

/** E-mail addresses match in any case: an account is found by the address however it is typed. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

/** The account with this phone (`+233` and 9 digits): at most one, the unique index says. */
export async function findUserByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.phone, phone));
  return row;
}
