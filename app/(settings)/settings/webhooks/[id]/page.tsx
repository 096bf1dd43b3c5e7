import Link from "next/link";
import { notFound } from "next/navigation";
import { isUuid } from "@/lib/ids/uuid.ts";
import { query } from "@/lib/adapters/actions/session-operation.ts";
import { deliveryLogOp } from "@/lib/operations/webhooks/deliveries.ts";
import { getWebhookOp } from "@/lib/operations/webhooks/manage-webhooks.ts";
import { DeliveryLog } from "@/components/settings/delivery-log.tsx";
import { EditWebhookForm } from "@/components/settings/edit-webhook-form.tsx";
import { RotateWebhookSecret } from "@/components/settings/rotate-webhook-secret.tsx";
import { SendTestEvent } from "@/components/settings/send-test-event.tsx";
import { rotateWebhookSecretAction, sendTestEventAction, updateWebhookAction } from "../actions.ts";
import { adminsOnly } from "../admins-only.ts";
import { logFilter } from "../log-filter.ts";

export const metadata = { title: "Webhook" };

export default async function WebhookPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await adminsOnly();
  const { id } = await params;
  if (!isUuid(id)) notFound();
  const webhook = await query(getWebhookOp, { id });
  const filter = { ...logFilter(await searchParams), webhookId: webhook.id };
  const log = await query(deliveryLogOp, { ...filter, limit: 25 });
  return (
    <>
      <p>
        <Link href="/settings/webhooks">← Webhooks</Link>
      </p>
      <h1 className="mono">{webhook.url}</h1>
      <p className="lead">{webhook.active ? "Active." : "Paused: nothing is sent until it is resumed."}</p>
      <section className="panel">
        <h2>Endpoint and events</h2>
        <EditWebhookForm id={webhook.id} url={webhook.url} events={webhook.events} updateWebhookAction={updateWebhookAction} />
      </section>
      <section className="panel">
        <h2>Signing secret</h2>
        <p className="hint">
          Shown once, when the webhook was added. Rotate it for a new one (a lost secret too): for 24 hours deliveries are signed with both,
          so your receiver can switch without missing one.
        </p>
        <RotateWebhookSecret id={webhook.id} url={webhook.url} rotateWebhookSecretAction={rotateWebhookSecretAction} />
      </section>
      <section className="panel">
        <h2>Test</h2>
        <p className="hint">
          Sends this webhook a <span className="mono">webhook.test</span> event, signed and delivered like any event, whatever it subscribes
          to.{webhook.active ? "" : " Resume the webhook first: a paused one sends nothing."}
        </p>
        <SendTestEvent id={webhook.id} disabled={!webhook.active} sendTestEventAction={sendTestEventAction} />
      </section>
      <section className="panel" aria-label="Recent deliveries">
        <h2>Recent deliveries</h2>
        <DeliveryLog
          deliveries={log.data}
          hasMore={log.has_more}
          webhooks={[webhook]}
          filter={{ webhook: webhook.id, event: filter.event, outcome: filter.outcome }}
        />
      </section>
    </>
  );
}
