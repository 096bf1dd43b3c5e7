import type { SqlTx } from "@/lib/db/tenant.ts";
import type { UniqueClaim } from "./index-rows.ts";
import { claimUniques, deleteClaims } from "./record-store.ts";

/** What one item of a write needs: the unique values it takes and those it gives up. */
export interface ClaimPlan {
  recordId: string;
  claim: UniqueClaim[];
  release: UniqueClaim[];
}

const keyOf = (c: UniqueClaim) => `${c.fieldId}\u0000${c.value}`;

/**
 * Moves the unique claims of a batch of items, each item all or nothing. An item fails when a
 * value it takes is held by a record outside the batch (including a failed item, which keeps its
 * old values) or by an earlier item; values given up by items of the batch are free to the
 * others, so two records can swap values in one request.
 *
 * First all releases and claims go in one statement, which is the end when every claim wins.
 * Otherwise that is undone, and each round releases and claims for all remaining items inside a
 * savepoint. If some lost, the round is rolled back and the items that certainly fail are dropped: those that lost to a
 * holder outside the round first, else those that lost to an item that won all of its claims.
 * A failure can free a value another item lost, so only certain failures are dropped per round.
 * Returns the failed items with the claim each lost.
 */
export async function settleClaims(
  tx: SqlTx,
  tenantId: string,
  plans: ClaimPlan[],
  /** What that first statement lost, when the caller ran it already (write-records.ts stampAndClaims). */
  firstRound?: UniqueClaim[],
): Promise<Map<string, UniqueClaim>> {
  const failed = new Map<string, UniqueClaim>();
  // The usual case, in one statement: every release and claim of the batch, and every claim won.
  const releases = plans.flatMap((p) => p.release);
  const claims = plans.flatMap((p) => p.claim);
  const lost = firstRound ?? (await claimUniques(tx, tenantId, claims, releases));
  if (!lost.length) return failed;
  // Undone: the won claims deleted, the released values taken back (this transaction's delete
  // still locks them, so no one else can have taken them); then settled round by round.
  const lostClaims = new Set(lost);
  await deleteClaims(
    tx,
    tenantId,
    claims.filter((c) => !lostClaims.has(c)),
  );
  await claimUniques(tx, tenantId, releases);
  let round = plans;
  while (round.length) {
    await tx.$executeRaw`SAVEPOINT unique_claims`;
    await deleteClaims(
      tx,
      tenantId,
      round.flatMap((p) => p.release),
    );
    const lost = await claimUniques(
      tx,
      tenantId,
      round.flatMap((p) => p.claim),
    );
    if (!lost.length) {
      await tx.$executeRaw`RELEASE SAVEPOINT unique_claims`;
      break;
    }
    await tx.$executeRaw`ROLLBACK TO SAVEPOINT unique_claims`;
    const losers = new Set(lost.map((c) => c.recordId));
    const lostClaims = new Set(lost);
    const holder = new Map(round.flatMap((p) => p.claim.filter((c) => !lostClaims.has(c)).map((c) => [keyOf(c), p.recordId] as const)));
    const outside = lost.filter((c) => !holder.has(keyOf(c)));
    const toWinners = lost.filter((c) => !losers.has(holder.get(keyOf(c))!));
    // The first losing item lost to an earlier, winning one, so `toWinners` is never empty; the
    // fallback only guards the loop.
    const certain = outside.length ? outside : toWinners.length ? toWinners : lost;
    for (const c of certain) if (!failed.has(c.recordId)) failed.set(c.recordId, c);
    round = round.filter((p) => !failed.has(p.recordId));
  }
  return failed;
}
