import type { Db } from './client';

/** The handle a `db.transaction` callback receives: services take it to run inside the caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Either the database or an open transaction: for reads and writes that work in both. */
export type DbOrTx = Db | Tx;
