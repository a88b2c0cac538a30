import { DrizzleQueryError } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { pooledTransaction } from '@/server/db/client';
import { isConnectionError, isUniqueViolation } from '@/server/db/errors';
import { AppError } from '@/server/errors';

/** What node-postgres throws when the server ends a connection (pg_terminate_backend, a restart). */
const terminated = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01', severity: 'FATAL' });

describe('isConnectionError', () => {
  it('knows PostgreSQL codes and socket errors, bare or wrapped by drizzle', () => {
    expect(isConnectionError(terminated())).toBe(true);
    expect(isConnectionError(new DrizzleQueryError('select 1', [], terminated()))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true);
    // The embedded server's socket file is gone while it restarts; a missing file elsewhere is not a connection error.
    expect(isConnectionError(Object.assign(new Error('connect ENOENT /data/run/.s.PGSQL.5432'), { code: 'ENOENT', syscall: 'connect' }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT', syscall: 'open' }))).toBe(false);
  });

  it("knows node-postgres's own errors for a dead connection, which carry no code", () => {
    // The ROLLBACK of a transaction whose connection was cut replaces the transaction's own error.
    for (const message of [
      'Connection terminated unexpectedly',
      'Client has encountered a connection error and is not queryable',
      'Client was closed and is not queryable',
      'timeout exceeded when trying to connect',
    ]) {
      expect(isConnectionError(new DrizzleQueryError('rollback', [], new Error(message))), message).toBe(true);
    }
  });

  it('leaves every other error alone', () => {
    const unique = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
    expect(isConnectionError(new DrizzleQueryError('insert', [], unique))).toBe(false);
    expect(isUniqueViolation(new DrizzleQueryError('insert', [], unique))).toBe(true);
    expect(isConnectionError(new AppError(409, 'Out of stock'))).toBe(false);
    expect(isConnectionError(new Error('Connection terminated unexpectedly, or so we say'))).toBe(false);
    expect(isConnectionError(undefined)).toBe(false);
  });
});

/** A pool handing out one fake client whose queries answer as `answer` says, counting releases. */
function fakePool(answer: (text: string) => Error | undefined) {
  const log: string[] = [];
  const released: (Error | undefined)[] = [];
  const client = {
    async query(config: { text: string } | string) {
      const text = typeof config === 'string' ? config : config.text;
      log.push(text);
      const error = answer(text);
      if (error) throw error;
      return { rows: [], rowCount: 0, fields: [], command: text };
    },
    release(error?: Error) {
      released.push(error);
    },
  };
  return { pool: { connect: async () => client } as unknown as pg.Pool, log, released };
}

describe('pooledTransaction', () => {
  it('gives the client back, as broken, when BEGIN fails on a cut connection (drizzle would keep it for ever)', async () => {
    const { pool, log, released } = fakePool((text) => (text === 'begin' ? new Error('Connection terminated unexpectedly') : undefined));
    let ran = false;
    const failed = await pooledTransaction(pool)(async () => {
      ran = true;
    }).catch((error: unknown) => error);
    expect(isConnectionError(failed)).toBe(true);
    expect(ran).toBe(false);
    expect(log).toEqual(['begin']);
    expect(released).toHaveLength(1);
    expect(released[0]).toBeInstanceOf(Error);
  });

  it('commits and gives a healthy client back; a refusal rolls back and keeps the client', async () => {
    const ok = fakePool(() => undefined);
    expect(await pooledTransaction(ok.pool)(async () => 'placed')).toBe('placed');
    expect(ok.log).toEqual(['begin', 'commit']);
    expect(ok.released).toEqual([undefined]);

    const refused = fakePool(() => undefined);
    await expect(
      pooledTransaction(refused.pool)(async () => {
        throw new AppError(409, 'Out of stock');
      }),
    ).rejects.toThrow('Out of stock');
    expect(refused.log).toEqual(['begin', 'rollback']);
    expect(refused.released).toEqual([undefined]);
  });
});
