import { randomBytes } from "node:crypto";

/**
 * A source of RFC 9562 UUID version 7 ids: 48 bits of Unix milliseconds, then a 12-bit counter
 * (rand_a, the RFC's "fixed-length dedicated counter", method 1 of 6.2), then random bits. Rows
 * keyed by these ids are appended at the right edge of their btree indexes instead of at random
 * pages, which keeps bulk inserts into large tables cheap; the ids still reveal nothing but
 * creation time.
 *
 * Ids made by one sequence in one millisecond follow each other (the counter starts at a random
 * value below 2048 each millisecond and counts up; past 4095 the time moves on by one), so
 * ordering by id is ordering by creation, also for the rows of one request or one lock holder.
 * A time more than a second before the sequence's last one (a clock set back far) is used as it
 * is. So each clock needs its own sequence: times from the database's clock, fed to the app's
 * sequence while the two clocks are over a second apart, would break the order of the app's ids.
 */
export function uuidV7Sequence(): (now?: number) => string {
  let lastMs = -1;
  let counter = 0;
  return (now = Date.now()) => {
    const b = randomBytes(16);
    let seq = ((b[6]! << 8) | b[7]!) & 0xfff;
    if (now > lastMs) {
      lastMs = now;
      counter = seq & 0x7ff;
      seq = counter;
    } else if (now > lastMs - 1000) {
      // The same millisecond, or one the counter's overflow already moved past.
      counter++;
      if (counter > 0xfff) {
        lastMs++;
        counter = 0;
      }
      now = lastMs;
      seq = counter;
    }
    b.writeUIntBE(now, 0, 6);
    b[6] = 0x70 | (seq >> 8);
    b[7] = seq & 0xff;
    b[8] = (b[8]! & 0x3f) | 0x80;
    const h = b.toString("hex");
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  };
}

/** Ids stamped with this process's clock (Date.now() unless given). */
export const uuidV7 = uuidV7Sequence();

/** Ids stamped with a time read from the database's clock (a transaction's stamp). */
export const uuidV7AtDatabaseTime = uuidV7Sequence();

/**
 * A request's id (X-Request-Id, every error body's requestId): a uuid v7, since the request log
 * keys its lines by it (lib/services/request-log/writer.ts) and reads them newest first by id.
 */
export const newRequestId = (): string => uuidV7();
