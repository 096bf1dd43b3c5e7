import Link from "next/link";
import { HiddenFieldButton } from "@/components/ui/hidden-field-button.tsx";
import type { ApiKeySummary } from "@/lib/schemas/api-keys.ts";
import { utcMinute } from "@/components/utc-minute.ts";

const when = (iso: string | null) => utcMinute(iso, "never");

function scopes(k: ApiKeySummary): string {
  const parts = [k.readOnly ? "read only" : "read & write"];
  if (k.allowDelete) parts.push("may delete");
  parts.push(k.allowedObjects ? `objects: ${k.allowedObjects.join(", ")}` : "all objects");
  parts.push(`${k.rateLimit}/min`);
  return parts.join(" · ");
}

export function ApiKeyTable({
  keys,
  revokeKeyAction,
  showRequests,
}: {
  keys: ApiKeySummary[];
  revokeKeyAction: (form: FormData) => Promise<void>;
  /** Admins see each key's request log. */
  showRequests: boolean;
}) {
  if (!keys.length) return <p className="hint">No keys yet.</p>;
  return (
    <table>
      <thead>
        <tr>
          <th>Name</th>
          <th>Key</th>
          <th>Scopes</th>
          <th>Created by</th>
          <th>Last used</th>
          {showRequests && <th>Requests</th>}
          <th>Status</th>
        </tr>
      </thead>
      <tbody>
        {keys.map((k) => (
          <tr key={k.id} data-testid={`api-key-${k.name}`}>
            <td>{k.name}</td>
            <td className="mono">{k.prefix}…</td>
            <td>{scopes(k)}</td>
            <td>{k.createdBy.name}</td>
            <td>{when(k.lastUsedAt)}</td>
            {showRequests && (
              <td>
                <Link href={`/settings/api-keys/${k.id}/requests`} aria-label={`Requests of ${k.name}`}>
                  Requests
                </Link>
              </td>
            )}
            <td>
              {k.revokedAt ? (
                <span className="badge off">Revoked</span>
              ) : (
                <HiddenFieldButton
                  action={revokeKeyAction}
                  name="id"
                  value={k.id}
                  label="Revoke"
                  accessibleName={`Revoke ${k.name}`}
                  question={`Revoke the key “${k.name}”? Requests with it get 401 at once; this cannot be undone.`}
                />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
