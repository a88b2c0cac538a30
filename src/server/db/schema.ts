/**
 * The database. Money is integer pesewas; constraints make bad states impossible even if a bug
 * slips past the services: no negative stock, no empty cart lines, one account per e-mail in any case.
 * Each domain's tables are in db/schema/; this is the whole schema as drizzle's client reads it (db/client.ts).
 */
export * from './schema/accounts';
export * from './schema/catalogue';
export * from './schema/checkout-options';
export * from './schema/orders';
export * from './schema/outbox';
export * from './schema/payments';
export * from './schema/shop';
export * from './schema/vitals';
