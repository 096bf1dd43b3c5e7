import { assertActsForPeople, assertObjectAccess } from "./access.ts";
import type { Principal } from "./principal.ts";

/**
 * The server acting on its own behalf (demo seed, unsubscribe links, derived writes such as an
 * opportunity's amount from its line items): may read every object. `userId` is the person the
 * work is done for, if any: the owner of the records it creates, the requester of an approval
 * request a write opens.
 */
export interface ServerActor {
  kind: "server";
  tenantId: string;
  userId: string | null;
}

/** Who acts in a service: a caller (its credential and role are checked) or the server itself. */
export type Actor = Principal | ServerActor;

export const serverActor = (tenantId: string, userId: string | null): ServerActor => ({ kind: "server", tenantId, userId });

const isServer = (actor: Actor): actor is ServerActor => "kind" in actor && actor.kind === "server";

/**
 * Throws the AppError that refuses the actor reading an object's records: a caller's credential
 * and role decide (assertObjectAccess, "read"); the server reads everything.
 */
export function assertReadableBy(actor: Actor, objectApiName: string): void {
  if (!isServer(actor)) assertObjectAccess(actor, objectApiName, "read");
}

/** assertActsForPeople for a caller (enrolling in a flow, stopping an enrollment); the server may. */
export function assertActsForPeopleBy(actor: Actor, objectApiName: string): void {
  if (!isServer(actor)) assertActsForPeople(actor, objectApiName);
}
