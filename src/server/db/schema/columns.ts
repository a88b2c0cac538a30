import { sql } from 'drizzle-orm';
import { timestamp } from 'drizzle-orm/pg-core';

/* Column helpers the domain tables share. */

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A check that a text column holds one of a fixed list of values. */
export const inList = (column: string, values: readonly string[]) => sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);
