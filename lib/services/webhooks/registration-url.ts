import { lookup } from "node:dns/promises";
import { invalid } from "@/lib/errors/app-error.ts";
import { DestinationRefused, resolveDestination, type Resolver } from "./destination.ts";

/** How long registration waits for DNS: an answer that is slower is left to the delivery's own check. */
const REGISTRATION_LOOKUP_MS = 1_500;

const boundedLookup: Resolver = (host) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("lookup timed out")), REGISTRATION_LOOKUP_MS);
    lookup(host, { all: true, verbatim: true }).then(
      (answers) => {
        clearTimeout(timer);
        resolve(answers);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });

/**
 * The destination rules (spec 6.2.5) at registration, with the field's message: the URL itself,
 * then its name's addresses. A name that does not resolve now is accepted (it may tomorrow; every
 * delivery checks again and logs dns_failure meanwhile); one that resolves anywhere non-public is not.
 */
export async function checkRegistrationUrl(url: string, resolve: Resolver = boundedLookup): Promise<void> {
  try {
    await resolveDestination(url, resolve);
  } catch (err) {
    if (err instanceof DestinationRefused) throw invalid(`url: ${err.message}`, [{ path: "url", message: err.message }]);
  }
}
