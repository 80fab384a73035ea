/** A bounded queue: pushing into a full buffer drops the oldest item (and counts it). */
export class RingBuffer<T> {
  private readonly items: (T | undefined)[];
  private start = 0;
  private length = 0;
  /** Items pushed out unread since the buffer was made. */
  dropped = 0;

  readonly capacity: number;

  constructor(capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error('capacity must be a positive integer');
    this.capacity = capacity;
    this.items = new Array(capacity);
  }

  get size(): number {
    return this.length;
  }

  push(item: T): void {
    if (this.length === this.capacity) {
      this.start = (this.start + 1) % this.capacity;
      this.length -= 1;
      this.dropped += 1;
    }
    this.items[(this.start + this.length) % this.capacity] = item;
    this.length += 1;
  }

  /** The oldest `count` items (fewer when there are fewer), left in place. */
  peek(count = this.length): T[] {
    const out: T[] = [];
    for (let i = 0; i < Math.min(count, this.length); i++) {
      out.push(this.items[(this.start + i) % this.capacity] as T);
    }
    return out;
  }

  /** Removes the oldest `count` items. */
  shift(count: number): void {
    const n = Math.min(count, this.length);
    for (let i = 0; i < n; i++) this.items[(this.start + i) % this.capacity] = undefined;
    this.start = (this.start + n) % this.capacity;
    this.length -= n;
  }

  /** Removes every item matching `drop`, keeping the order of the rest. */
  remove(drop: (item: T) => boolean): void {
    const kept = this.peek().filter((item) => !drop(item));
    this.clear();
    for (const item of kept) this.push(item);
  }

  clear(): void {
    this.items.fill(undefined);
    this.start = 0;
    this.length = 0;
  }
}
