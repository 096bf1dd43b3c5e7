import { getRateLimiter, type RateLimitResult } from "@/lib/rate-limit/index.ts";
import { addressBucket, peerAddress } from "../rest/client-ip.ts";

/**
 * What anyone may make the server do without a credential and at some cost — register a client
 * (a row), fetch a client metadata document (an outbound request) — is spent from two buckets:
 * the peer address's, so that one client cannot lock everyone else out, and a budget of all
 * addresses together, which bounds the cost when many addresses take part.
 */
export interface OpenEndpointBudget {
  /** Bucket names start with it: `<name>:<address>` and `<name>:all`. */
  name: string;
  perAddress: number;
  all: number;
}

/**
 * Spends one unit of the address's bucket, then of the budget of all: the answer is the first that
 * refuses, else the address's bucket (whose headers the answer carries). A refused request spends
 * nothing further, so an address over its limit uses none of the others' budget.
 */
export async function spendOpenEndpointBudget(req: Request, budget: OpenEndpointBudget): Promise<RateLimitResult> {
  const limiter = getRateLimiter();
  const own = await limiter.consume(`${budget.name}:${addressBucket(peerAddress(req.headers))}`, budget.perAddress);
  if (!own.allowed) return own;
  const all = await limiter.consume(`${budget.name}:all`, budget.all);
  return all.allowed ? own : all;
}
