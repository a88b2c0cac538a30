import { getTableName, type Table } from 'drizzle-orm';
import type { Db } from '@/server/db/client';

/**
 * A database handle that records every statement a service builds ("insert outbox_messages",
 * "select", "transaction"...), also inside its transactions and savepoints: two code paths doing
 * the same work record the same list. A structural proof where timings would be flaky.
 */
export function countingDb(db: Db): { db: Db; calls: string[] } {
  const calls: string[] = [];
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(obj, prop, receiver) {
        const value = Reflect.get(obj, prop, receiver);
        if (typeof value !== 'function') return value;
        if (prop === 'insert' || prop === 'update' || prop === 'delete') {
          return (table: Table) => {
            calls.push(`${prop} ${getTableName(table)}`);
            return value.call(obj, table);
          };
        }
        if (prop === 'select' || prop === 'execute') {
          return (...args: unknown[]) => {
            calls.push(prop);
            return value.apply(obj, args);
          };
        }
        if (prop === 'transaction') {
          return (run: (tx: object) => Promise<unknown>, config?: unknown) => {
            calls.push('transaction');
            return value.call(obj, (tx: object) => run(wrap(tx)), config);
          };
        }
        return value.bind(obj);
      },
    });
  return { db: wrap(db), calls };
}
