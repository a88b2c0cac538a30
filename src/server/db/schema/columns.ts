import { sql } from 'drizzle-orm';
import { type AnyPgColumn, timestamp, uuid } from 'drizzle-orm/pg-core';

/* Column helpers the domain tables share. */

/** A row's own id: a random UUID. */
export const rowId = () => uuid('id').primaryKey().defaultRandom();

/** The row this one belongs to: required, and deleting it deletes this one too. */
export const partOf = (name: string, parent: () => AnyPgColumn) => uuid(name).notNull().references(parent, { onDelete: 'cascade' });

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A check that a text column holds one of a fixed list of values. */
export const inList = (column: string, values: readonly string[]) => sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);
