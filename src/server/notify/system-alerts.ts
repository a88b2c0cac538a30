import type { Db } from '../db/client';
import { notifyAt, queueSystemAlert, type SystemAlertEvent } from './outbox';

/**
 * Tells the owner that something needs them (a failed backup, a full disk, the SMS account
 * out of credit), through the outbox, at most once a day per kind (outbox.ts queueSystemAlert). The
 * messages carry no links: they come from the server's jobs, not from a request. Returns how many
 * messages were written (0 when the owner was already told today).
 */
export async function alertOwner(db: Db, secret: Buffer, event: SystemAlertEvent, now = new Date()): Promise<number> {
  const ctx = notifyAt({ secret, publicUrl: '', messageLinks: false }, now);
  return db.transaction((tx) => queueSystemAlert(tx, ctx, event));
}
