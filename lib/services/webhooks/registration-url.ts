import { invalid } from "@/lib/errors/app-error.ts";
import { DestinationRefused, resolveDestination, type Resolver } from "@/lib/net/destination.ts";

/**
 * The destination rules (spec 6.2.5) at registration, with the field's message: the URL itself,
 * then its name's addresses (the same lookup as a delivery's, at most 2 seconds). A name that does
 * not resolve now is accepted (it may tomorrow; every delivery checks again and logs dns_failure
 * meanwhile); one that resolves anywhere non-public is not.
 */
export async function checkRegistrationUrl(url: string, resolve?: Resolver): Promise<void> {
  try {
    await resolveDestination(url, resolve);
  } catch (err) {
    if (err instanceof DestinationRefused) throw invalid(`url: ${err.message}`, [{ path: "url", message: err.message }]);
  }
}
