import Link from "next/link";
import { query } from "@/lib/adapters/actions/session-operation.ts";
import { apiBaseUrl } from "@/lib/config.ts";
import { listObjectsOp } from "@/lib/operations/objects/list-objects.ts";
import { currentUserOp } from "@/lib/operations/session/current-user.ts";

export const metadata = { title: "Settings" };

export default async function SettingsHome() {
  const [objects, me] = await Promise.all([query(listObjectsOp, {}), query(currentUserOp, {})]);
  return (
    <>
      <h1>Settings</h1>
      <p className="lead">Manage API access, the shape of your data and where its changes are sent.</p>
      <div className="grid2">
        <Link className="panel" href="/settings/api-keys">
          <strong>API keys</strong>
          <p className="hint">Generate keys for server-side integrations.</p>
        </Link>
        <Link className="panel" href="/settings/objects">
          <strong>Objects &amp; fields</strong>
          <p className="hint">
            {objects.data.length} objects: {objects.data.map((o) => o.label).join(", ")}
          </p>
        </Link>
        <Link className="panel" href="/settings/roles">
          <strong>Roles</strong>
          <p className="hint">Who may read, create, update and delete each object.</p>
        </Link>
        {me.isAdmin && (
          <Link className="panel" href="/settings/webhooks">
            <strong>Webhooks</strong>
            <p className="hint">Send record changes to your endpoints as they happen, signed, with a delivery log.</p>
          </Link>
        )}
      </div>
      <div className="panel">
        <strong>API base URL</strong>
        <p className="mono">{apiBaseUrl()}</p>
      </div>
    </>
  );
}
