import { randomBytes } from "node:crypto";

/**
 * RFC 9562 UUID version 7: 48 bits of Unix milliseconds, then random bits. Rows keyed by these
 * ids are appended at the right edge of their btree indexes instead of at random pages, which
 * keeps bulk inserts into large tables cheap; the ids still reveal nothing but creation time.
 */
export function uuidV7(now = Date.now()): string {
  const b = randomBytes(16);
  b.writeUIntBE(now, 0, 6);
  b[6] = (b[6]! & 0x0f) | 0x70;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
