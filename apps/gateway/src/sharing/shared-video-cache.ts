import { GUEST, getSharedVideo, type PublicSharedVideo } from '@memoreel/contracts';
import { type BusClient, RemoteError } from '@memoreel/platform';
import { SHARED_VIDEO_CACHE } from '../gateway.limits.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One share as the public pages see it (null: no such share), with what was made from it. */
export interface CachedShare {
  video: PublicSharedVideo | null;
  /** Derived answers (the page's HTML per origin), made once per cached lookup. */
  readonly derived: Map<string, unknown>;
}

interface Entry extends CachedShare {
  expiresAtMs: number;
}

/** The public read of a share over the bus: null for an unknown or malformed id. */
export function sharedVideoLookup(bus: BusClient): (id: string) => Promise<PublicSharedVideo | null> {
  return async (id) => {
    if (!UUID.test(id)) return null;
    try {
      return await bus.request(getSharedVideo, GUEST, { id });
    } catch (error) {
      if (error instanceof RemoteError && error.code === 'NOT_FOUND') return null;
      throw error;
    }
  };
}

/**
 * The shared page's data per share, kept SHARED_VIDEO_CACHE.ttlSeconds on this replica: concurrent
 * visitors of one link wait for a single lookup, unknown ids are remembered as well (a flood of
 * made-up ids costs one lookup each per period), and `drop` forgets a share this replica changed.
 */
export class SharedVideoCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<CachedShare>>();
  /** Counts drops: a lookup that saw one while it ran is answered but not kept. */
  private drops = 0;
  private readonly dropListeners = new Set<(id: string) => void>();

  constructor(
    private readonly lookup: (id: string) => Promise<PublicSharedVideo | null>,
    private readonly policy: { ttlSeconds: number; maxEntries: number } = SHARED_VIDEO_CACHE,
    private readonly now: () => number = Date.now,
  ) {}

  get(id: string): Promise<CachedShare> {
    const key = id.toLowerCase();
    const entry = this.entries.get(key);
    if (entry && entry.expiresAtMs > this.now()) return Promise.resolve(entry);
    const pending = this.pending.get(key);
    if (pending) return pending;
    const loading = this.load(key, id).finally(() => {
      if (this.pending.get(key) === loading) this.pending.delete(key);
    });
    this.pending.set(key, loading);
    return loading;
  }

  /** Forgets a share (changed or deleted here): the next visitor gets a fresh lookup. */
  drop(id: string): void {
    const key = id.toLowerCase();
    this.drops += 1;
    this.entries.delete(key);
    this.pending.delete(key);
    for (const listener of this.dropListeners) listener(key);
  }

  /** Calls `listener` with each dropped share's id (lowercase): what was made from it goes too. */
  onDrop(listener: (id: string) => void): void {
    this.dropListeners.add(listener);
  }

  private async load(key: string, id: string): Promise<CachedShare> {
    const dropsBefore = this.drops;
    const entry: Entry = {
      video: await this.lookup(id),
      derived: new Map(),
      expiresAtMs: this.now() + this.policy.ttlSeconds * 1000,
    };
    // A drop while this lookup ran means its answer may be stale: serve it once, keep it not.
    if (this.drops === dropsBefore) this.remember(key, entry);
    return entry;
  }

  private remember(key: string, entry: Entry): void {
    this.entries.delete(key);
    if (this.entries.size >= this.policy.maxEntries) {
      const now = this.now();
      for (const [old, cached] of this.entries) if (cached.expiresAtMs <= now) this.entries.delete(old);
      if (this.entries.size >= this.policy.maxEntries)
        this.entries.delete(this.entries.keys().next().value as string);
    }
    this.entries.set(key, entry);
  }
}
