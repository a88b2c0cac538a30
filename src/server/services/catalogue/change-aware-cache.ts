import type { CatalogueChange } from './catalogue-signal';

/**
 * Which products a kept value shows, so that a stock change drops only the values it touched:
 * `all` (any stock change can show in it), or these ids. `lagsOnStock`: its order follows units sold
 * (the popularity order), so a sale of another product may reorder it; it is kept at most `lagMs`
 * after such a sale rather than dropped.
 */
export interface Shows {
  ids: ReadonlySet<string> | 'all';
  lagsOnStock?: boolean;
}

/** A built value, what it shows, and whether it may be kept at all (an error page is served, not kept). */
export interface BuiltValue<V> {
  value: V;
  shows: Shows;
  keep?: boolean;
}

export interface ChangeAwareCacheOptions<V> {
  /** How long a value is kept; Infinity until a change drops it. */
  ttlMs: number;
  /** How long a value that lags on stock (Shows.lagsOnStock) may keep its order after a sale elsewhere. */
  lagMs?: number;
  maxEntries: number;
  /** Kept values' bytes, as `sizeOf` counts them; a larger value is served, not kept. */
  maxBytes: number;
  sizeOf: (key: string, value: V, shows: Shows) => number;
  now?: () => number;
}

type Entry<V> = { value: V; shows: Shows; expires: number; bytes: number };

/** A build under way, and the products changed while it ran (`all`: anything else changed). */
interface Building<V> {
  promise: Promise<V>;
  touched: Set<string> | 'all';
}

/** Whether a change of `touched` products can show in a value that shows `ids`. */
function reaches(touched: ReadonlySet<string> | 'all', ids: ReadonlySet<string> | 'all'): boolean {
  if (touched === 'all') return true;
  if (touched.size === 0) return false;
  if (ids === 'all') return true;
  for (const id of touched) if (ids.has(id)) return true;
  return false;
}

/**
 * The one core of the server's caches of catalogue answers and rendered pages: values per key,
 * bounded in number and bytes (the least recently used goes first, and expired ones at the front),
 * one build shared by every request for a key while it runs, and the "catalogue changed" signal
 * dropping what a change can show in: a stock change the values showing one of its products, any
 * other change everything. A build a change overtook is served to its own requests but kept only if
 * the change cannot show in it, so no value older than a change it shows outlives it.
 */
export function createChangeAwareCache<V>(options: ChangeAwareCacheOptions<V>) {
  const now = options.now ?? Date.now;
  const lagMs = options.lagMs ?? 0;
  // A Map keeps insertion order: re-inserting on a hit makes its first key the least recently used.
  const entries = new Map<string, Entry<V>>();
  const building = new Map<string, Building<V>>();
  /** Every build still running, including those a change detached from `building`. */
  const running = new Set<Building<V>>();
  let bytes = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };

  const keep = (key: string, value: V, shows: Shows, expires: number) => {
    const size = options.sizeOf(key, value, shows);
    if (size > options.maxBytes || options.maxEntries < 1) return;
    remove(key);
    entries.set(key, { value, shows, expires, bytes: size });
    bytes += size;
    const at = now();
    for (const [oldestKey, oldest] of entries) {
      if (entries.size <= options.maxEntries && bytes <= options.maxBytes && oldest.expires > at) break;
      remove(oldestKey);
    }
  };

  return {
    /** The kept value for `key`, else one build shared by everyone asking meanwhile. */
    get(key: string, build: () => Promise<BuiltValue<V>>): Promise<V> {
      const entry = entries.get(key);
      if (entry && entry.expires > now()) {
        entries.delete(key);
        entries.set(key, entry);
        return Promise.resolve(entry.value);
      }
      if (entry) remove(key);
      const pending = building.get(key);
      if (pending) return pending.promise;
      const startedAt = now();
      const record = { touched: new Set<string>() } as Building<V>;
      record.promise = build()
        .then(({ value, shows, keep: keepable = true }) => {
          if (keepable && !reaches(record.touched, shows.ids)) {
            // A sale elsewhere during the build may reorder a popularity listing: kept only briefly.
            const soldElsewhere = record.touched !== 'all' && record.touched.size > 0 && shows.lagsOnStock === true;
            const expires = now() + options.ttlMs;
            keep(key, value, shows, soldElsewhere ? Math.min(expires, startedAt + lagMs) : expires);
          }
          return value;
        })
        .finally(() => {
          running.delete(record);
          if (building.get(key) === record) building.delete(key);
        });
      building.set(key, record);
      running.add(record);
      return record.promise;
    },
    /**
     * After a change has committed: a stock change drops the values showing one of its products
     * (those lagging on stock keep their order at most `lagMs` more); any other change drops every
     * value. Builds under way are not joined again, and are kept only if the change cannot show in them.
     */
    invalidate(change: CatalogueChange = { kind: 'all' }) {
      building.clear();
      if (change.kind !== 'stock') {
        for (const record of running) record.touched = 'all';
        entries.clear();
        bytes = 0;
        return;
      }
      for (const record of running) if (record.touched !== 'all') for (const id of change.productIds) record.touched.add(id);
      const touched = new Set(change.productIds);
      const lagUntil = now() + lagMs;
      for (const [key, entry] of entries) {
        if (reaches(touched, entry.shows.ids)) remove(key);
        else if (entry.shows.lagsOnStock) entry.expires = Math.min(entry.expires, lagUntil);
      }
    },
    /** What is kept now, for tests and the benchmark. */
    stats(): { entries: number; bytes: number } {
      return { entries: entries.size, bytes };
    },
  };
}
