import { randomUUID } from "node:crypto";
import { listenFor } from "@/lib/db/notify.ts";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { OUTBOX_CHANNEL } from "./write-events.ts";

/** How long an instance's registration for a tenant lasts unless refreshed: a killed instance's expires. */
const REGISTRATION_SECONDS = 60;
const REFRESH_MS = 20_000;

/**
 * This instance's open event streams, by tenant, and the one database listener that wakes them.
 * While a tenant has a stream here, a row of event_stream_tenant says so (until it expires), and
 * the outbox trigger then notifies that tenant's event writes at their commit — the notification
 * the webhook dispatchers get, whose payload names the tenant — from whichever instance wrote
 * them. A notification wakes only that tenant's streams; a listener that reconnected ("") wakes
 * them all, since notifications may have been missed meanwhile.
 */
class StreamHub {
  readonly #instanceId = randomUUID();
  readonly #streams = new Map<string, Set<() => void>>();
  #listening: Promise<void> | undefined;
  #refresh: NodeJS.Timeout | undefined;

  /** Registers a stream's wake for its tenant; returns the function that removes it. */
  async join(tenantId: string, wake: () => void): Promise<() => Promise<void>> {
    await this.#listen();
    let wakes = this.#streams.get(tenantId);
    if (!wakes) {
      wakes = new Set();
      this.#streams.set(tenantId, wakes);
    }
    wakes.add(wake);
    // Registered (again) before the stream reads: writes whose trigger runs after this commit notify.
    await this.#register(tenantId);
    this.#refresh ??= setInterval(() => void this.#refreshAll(), REFRESH_MS).unref();
    return async () => {
      wakes.delete(wake);
      if (wakes.size || this.#streams.get(tenantId) !== wakes) return;
      this.#streams.delete(tenantId);
      if (!this.#streams.size) {
        clearInterval(this.#refresh);
        this.#refresh = undefined;
      }
      await this.#unregister(tenantId).catch(() => undefined);
    };
  }

  /** How many streams are open here (tests, logs). */
  get open(): number {
    let n = 0;
    for (const wakes of this.#streams.values()) n += wakes.size;
    return n;
  }

  #listen(): Promise<void> {
    this.#listening ??= listenFor(OUTBOX_CHANNEL, (tenantId) => {
      const targets = tenantId ? [this.#streams.get(tenantId) ?? []] : [...this.#streams.values()];
      for (const wakes of targets) for (const wake of wakes) wake();
    }).then(
      () => undefined,
      (err: unknown) => {
        this.#listening = undefined;
        throw err;
      },
    );
    return this.#listening;
  }

  async #register(tenantId: string): Promise<void> {
    await withTenantSql(tenantId, async (tx) => {
      await tx.$executeRaw`
        INSERT INTO event_stream_tenant (tenant_id, instance_id, expires_at)
        VALUES (${tenantId}::uuid, ${this.#instanceId}::uuid, now() + make_interval(secs => ${REGISTRATION_SECONDS}::int))
        ON CONFLICT (tenant_id, instance_id) DO UPDATE SET expires_at = EXCLUDED.expires_at`;
      // Rows of instances killed long ago: they notify nobody any more, and go here.
      await tx.$executeRaw`
        DELETE FROM event_stream_tenant WHERE tenant_id = ${tenantId}::uuid AND expires_at < now() - interval '1 hour'`;
    });
  }

  async #unregister(tenantId: string): Promise<void> {
    await withTenantSql(tenantId, async (tx) => {
      await tx.$executeRaw`DELETE FROM event_stream_tenant WHERE tenant_id = ${tenantId}::uuid AND instance_id = ${this.#instanceId}::uuid`;
    });
  }

  async #refreshAll(): Promise<void> {
    for (const tenantId of this.#streams.keys()) {
      await this.#register(tenantId).catch((err: unknown) =>
        console.error(
          `event streams: refreshing tenant ${tenantId}'s registration failed (${err instanceof Error ? err.message : String(err)})`,
        ),
      );
    }
  }
}

export const streamHub = new StreamHub();
