import { revokeKeyAction } from "@/app/(settings)/settings/api-keys/actions.ts";
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

export function ApiKeyTable({ keys }: { keys: ApiKeySummary[] }) {
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
            <td>
              {k.revokedAt ? (
                <span className="badge off">Revoked</span>
              ) : (
                <form action={revokeKeyAction}>
                  <input type="hidden" name="id" value={k.id} />
                  <button type="submit" className="danger" aria-label={`Revoke ${k.name}`}>
                    Revoke
                  </button>
                </form>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
