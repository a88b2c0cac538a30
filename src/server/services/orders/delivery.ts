import { asc, eq, sql } from 'drizzle-orm';
import { LIMITS } from '@/shared/constants';
import { DELIVERY_TEXTS, type DeliveryOption, deliveryChoices, deliveryFeePesewas, fitsAddress, type GhanaRegion, type OrderDelivery } from '@/shared/delivery';
import { formatCedis, toCedis, toPesewas } from '@/shared/money';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { DELIVERY_OPTION_TEXTS, type DeliveryOptionCreateInput, type DeliveryOptionUpdateInput } from '@/shared/schemas/delivery';
import { isId } from '@/shared/schemas/fields';
import type { Db } from '../../db/client';
import { deliveryOptions } from '../../db/schema';
import type { DbOrTx, Tx } from '../../db/transaction';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { catalogueChanged } from '../catalogue/catalogue-signal';

type OptionRow = typeof deliveryOptions.$inferSelect;

/** A 409 whose answer carries the delivery as it is now, so the checkout can ask the shopper to confirm. */
export class DeliveryChangedError extends AppError {
  constructor(
    message: string,
    readonly delivery: { fee: number | null; options: DeliveryOption[] },
  ) {
    super(409, message);
    this.name = 'DeliveryChangedError';
  }
}

function toOption(row: OptionRow): DeliveryOption {
  return {
    _id: row.id,
    name: row.name,
    regions: row.regions as GhanaRegion[],
    cities: row.cities,
    fee: toCedis(row.feePesewas),
    freeFrom: row.freeFromPesewas === null ? null : toCedis(row.freeFromPesewas),
    eta: row.eta,
    feePaidWith: row.feePaidWith,
    pickup: row.pickup,
    active: row.active,
  };
}

/** Every option in the checkout's order (the admin's list); `activeOnly` for shoppers. */
export async function listDeliveryOptions(db: DbOrTx, options: { activeOnly: boolean }): Promise<DeliveryOption[]> {
  const rows = await db
    .select()
    .from(deliveryOptions)
    .where(options.activeOnly ? eq(deliveryOptions.active, true) : undefined)
    .orderBy(asc(deliveryOptions.position), asc(deliveryOptions.createdAt));
  return rows.map(toOption);
}

/* ---------- The admin's list ---------- */

function columnsOf(input: DeliveryOptionUpdateInput): Partial<typeof deliveryOptions.$inferInsert> {
  const columns: Partial<typeof deliveryOptions.$inferInsert> = {};
  if (input.name !== undefined) columns.name = input.name;
  if (input.regions !== undefined) columns.regions = input.regions;
  if (input.cities !== undefined) columns.cities = input.cities;
  if (input.fee !== undefined) columns.feePesewas = toPesewas(input.fee);
  if (input.freeFrom !== undefined) columns.freeFromPesewas = input.freeFrom === null ? null : toPesewas(input.freeFrom);
  if (input.eta !== undefined) columns.eta = input.eta;
  if (input.feePaidWith !== undefined) columns.feePaidWith = input.feePaidWith;
  if (input.pickup !== undefined) columns.pickup = input.pickup;
  if (input.active !== undefined) columns.active = input.active;
  return columns;
}

/** Options are few and changed by one admin at a time; a lock keeps two saves from racing on positions. */
const lockOptions = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('delivery-options', 0))`);

/** Changed options change the checkout: the one "catalogue changed" signal drops every cached copy of the settings. */
async function changed(db: Db): Promise<DeliveryOption[]> {
  catalogueChanged(db);
  return listDeliveryOptions(db, { activeOnly: false });
}

export async function createDeliveryOption(db: Db, input: DeliveryOptionCreateInput, now: Date): Promise<DeliveryOption[]> {
  await db.transaction(async (tx) => {
    await lockOptions(tx);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int`, last: sql<number>`coalesce(max(${deliveryOptions.position}), -1)::int` })
      .from(deliveryOptions);
    if ((count?.n ?? 0) >= LIMITS.maxDeliveryOptions) throw conflict(DELIVERY_OPTION_TEXTS.tooMany);
    await tx.insert(deliveryOptions).values({
      name: input.name,
      regions: input.regions,
      cities: input.cities,
      feePesewas: toPesewas(input.fee),
      freeFromPesewas: input.freeFrom === null ? null : toPesewas(input.freeFrom),
      eta: input.eta,
      feePaidWith: input.feePaidWith,
      pickup: input.pickup,
      active: input.active,
      position: (count?.last ?? -1) + 1,
      createdAt: now,
      updatedAt: now,
    });
  });
  return changed(db);
}

export async function updateDeliveryOption(db: Db, id: string, input: DeliveryOptionUpdateInput, now: Date): Promise<DeliveryOption[]> {
  if (!isId(id)) throw notFound(DELIVERY_OPTION_TEXTS.notFound);
  const updated = await db
    .update(deliveryOptions)
    .set({ ...columnsOf(input), updatedAt: now })
    .where(eq(deliveryOptions.id, id))
    .returning({ id: deliveryOptions.id });
  if (updated.length === 0) throw notFound(DELIVERY_OPTION_TEXTS.notFound);
  return changed(db);
}

/** Past orders keep their snapshot: deleting an option changes none of them. */
export async function deleteDeliveryOption(db: Db, id: string): Promise<DeliveryOption[]> {
  if (!isId(id)) throw notFound(DELIVERY_OPTION_TEXTS.notFound);
  const deleted = await db.delete(deliveryOptions).where(eq(deliveryOptions.id, id)).returning({ id: deliveryOptions.id });
  if (deleted.length === 0) throw notFound(DELIVERY_OPTION_TEXTS.notFound);
  return changed(db);
}

/** A new order for the whole list: every id exactly once (a list changed meanwhile is refused, not half-applied). */
export async function reorderDeliveryOptions(db: Db, ids: string[], now: Date): Promise<DeliveryOption[]> {
  await db.transaction(async (tx) => {
    await lockOptions(tx);
    const rows = await tx.select({ id: deliveryOptions.id }).from(deliveryOptions);
    const known = new Set(rows.map((r) => r.id));
    if (new Set(ids).size !== ids.length || ids.length !== known.size || ids.some((id) => !known.has(id))) {
      throw badRequest(DELIVERY_OPTION_TEXTS.orderInvalid, [{ path: ['ids'], message: DELIVERY_OPTION_TEXTS.orderInvalid }]);
    }
    for (const [position, id] of ids.entries()) {
      await tx.update(deliveryOptions).set({ position, updatedAt: now }).where(eq(deliveryOptions.id, id));
    }
  });
  return changed(db);
}

/* ---------- An order's delivery ---------- */

export interface DeliveryRequest {
  region?: GhanaRegion;
  city: string;
  address?: string;
  deliveryOptionId?: string;
  /** What the checkout showed, in cedis. */
  deliveryFee?: number;
}

export interface PricedDelivery {
  /** The snapshot the order keeps; null: no option (none defined, or none serves the address). */
  delivery: OrderDelivery | null;
  feePesewas: number;
  /** The part of the fee in the order's total. */
  prepaidPesewas: number;
}

/**
 * The delivery of an order being placed, priced here from the shop's own options (a client cannot
 * send its own fee). The checkout's shown fee must match, or the order is refused with the delivery
 * as it is now (409), so the shopper is never charged a different fee in silence. With no option that
 * serves the address the order is still taken (the fee to be agreed, the spec's default); with one,
 * the shopper must choose. The region is required wherever an active option is limited by region:
 * left out, no such option would "serve" the order and its fee would be skipped (a 400 on the field,
 * which the checkout, the admin's form and the outbox already show). A shop without options, or
 * whose options cover every region, asks for none (the spec's form). A street address is needed
 * unless the option is a pickup.
 */
export async function priceDelivery(tx: Tx, request: DeliveryRequest, goodsPesewas: number): Promise<PricedDelivery> {
  const options = await listDeliveryOptions(tx, { activeOnly: true });
  if (!request.region && options.some((o) => o.regions.length > 0)) {
    throw badRequest(DELIVERY_TEXTS.regionRequired, [{ path: ['region'], message: DELIVERY_TEXTS.regionRequired }]);
  }
  const option = request.deliveryOptionId ? options.find((o) => o._id === request.deliveryOptionId) : undefined;
  if (request.deliveryOptionId && !(option && fitsAddress(option, request.region, request.city))) {
    throw new DeliveryChangedError(DELIVERY_TEXTS.optionGone, { fee: null, options });
  }
  if (!option && deliveryChoices(options, request.region, request.city).length > 0) {
    throw new DeliveryChangedError(DELIVERY_TEXTS.optionRequired, { fee: null, options });
  }
  if (!option?.pickup && !request.address) throw badRequest(PAGE_MESSAGES.addressRequired, [{ path: ['address'], message: PAGE_MESSAGES.addressRequired }]);
  if (!option) return { delivery: null, feePesewas: 0, prepaidPesewas: 0 };

  const feePesewas = deliveryFeePesewas(option, goodsPesewas);
  if (request.deliveryFee !== undefined && toPesewas(request.deliveryFee) !== feePesewas) {
    throw new DeliveryChangedError(DELIVERY_TEXTS.feeChanged(formatCedis(toCedis(feePesewas))), { fee: toCedis(feePesewas), options });
  }
  const delivery: OrderDelivery = {
    optionId: option._id,
    name: option.name,
    fee: toCedis(feePesewas),
    feePaidWith: option.feePaidWith,
    eta: option.eta,
    pickup: option.pickup,
  };
  return { delivery, feePesewas, prepaidPesewas: option.feePaidWith === 'order' ? feePesewas : 0 };
}

/** The order's columns for its delivery snapshot. */
export function deliveryColumns({ delivery, feePesewas }: PricedDelivery) {
  return {
    deliveryOptionId: delivery?.optionId ?? null,
    deliveryName: delivery?.name ?? null,
    deliveryFeePesewas: feePesewas,
    deliveryFeePaidWith: delivery?.feePaidWith ?? null,
    deliveryEta: delivery?.eta ?? null,
    deliveryPickup: delivery?.pickup ?? false,
  };
}

/** The snapshot back from an order's columns. */
export function deliveryOf(row: {
  deliveryOptionId: string | null;
  deliveryName: string | null;
  deliveryFeePesewas: number;
  deliveryFeePaidWith: 'order' | 'rider' | null;
  deliveryEta: string | null;
  deliveryPickup: boolean;
}): OrderDelivery | null {
  if (row.deliveryName === null || row.deliveryFeePaidWith === null) return null;
  return {
    optionId: row.deliveryOptionId ?? '',
    name: row.deliveryName,
    fee: toCedis(row.deliveryFeePesewas),
    feePaidWith: row.deliveryFeePaidWith,
    eta: row.deliveryEta ?? '',
    pickup: row.deliveryPickup,
  };
}
