import Link from "next/link";
import { query } from "@/lib/adapters/actions/session-operation.ts";
import { apiBaseUrl } from "@/lib/config.ts";
import { listObjectsOp } from "@/lib/operations/objects/list-objects.ts";
import { currentUserOp } from "@/lib/operations/session/current-user.ts";
import { settingsPagesFor } from "@/components/shell/settings-pages.ts";

export const metadata = { title: "Settings" };

export default async function SettingsHome() {
  const [objects, me] = await Promise.all([query(listObjectsOp, {}), query(currentUserOp, {})]);
  return (
    <>
      <h1>Settings</h1>
      <p className="lead">Manage API access, the shape of your data and where its changes are sent.</p>
      <div className="grid2">
        {settingsPagesFor(me.isAdmin).map((page) => (
          <Link className="panel" href={page.href} key={page.href}>
            <strong>{page.label}</strong>
            <p className="hint">
              {page.href === "/settings/objects"
                ? `${objects.data.length} objects: ${objects.data.map((o) => o.label).join(", ")}`
                : page.summary}
            </p>
          </Link>
        ))}
      </div>
      <div className="panel">
        <strong>API base URL</strong>
        <p className="mono">{apiBaseUrl()}</p>
      </div>
    </>
  );
}
