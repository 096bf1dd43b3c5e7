import { notFound } from "next/navigation";
import { query, sessionCredential } from "@/lib/adapters/actions/session-operation.ts";
import { apiConsoleToken } from "@/lib/auth/api-console-csrf.ts";
import { isUuid } from "@/lib/ids/uuid.ts";
import { getImportOp } from "@/lib/operations/imports/get-import.ts";
import { describeObjectOp } from "@/lib/operations/objects/describe-object.ts";
import { ImportProgress } from "@/components/records/import-progress.tsx";

export const metadata = { title: "Import" };

/** One import's progress, at an address of its own: a reload or another tab finds it where it is. */
export default async function ImportPage({ params }: { params: Promise<{ object: string; id: string }> }) {
  const { object, id } = await params;
  if (!isUuid(id)) notFound();
  const [description, imported] = await Promise.all([query(describeObjectOp, { apiName: object }), query(getImportOp, { object, id })]);
  const listHref = `/records/${encodeURIComponent(object)}`;
  return (
    <>
      <nav aria-label="Breadcrumb" className="hint">
        <a href={listHref}>{description.pluralLabel}</a> / Import
      </nav>
      <h1>Import into {description.pluralLabel.toLowerCase()}</h1>
      <ImportProgress initial={imported} csrfToken={apiConsoleToken(await sessionCredential())} listHref={listHref} />
    </>
  );
}
