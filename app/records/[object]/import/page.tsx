import { notFound } from "next/navigation";
import { query, sessionCredential } from "@/lib/adapters/actions/session-operation.ts";
import { apiConsoleToken } from "@/lib/auth/api-console-csrf.ts";
import { importMaxBytes } from "@/lib/config.ts";
import { describeObjectOp } from "@/lib/operations/objects/describe-object.ts";
import { objectAccessOp } from "@/lib/operations/session/object-access.ts";
import { isComputedField } from "@/lib/schemas/fields.ts";
import { ImportForm } from "@/components/records/import-form.tsx";

export const metadata = { title: "Import" };

/** Import a CSV into an object: people who may create its records; the file goes to POST /api/v1/{object}/imports. */
export default async function NewImportPage({ params }: { params: Promise<{ object: string }> }) {
  const { object } = await params;
  const [description, access] = await Promise.all([query(describeObjectOp, { apiName: object }), query(objectAccessOp, { object })]);
  if (!access.create) notFound();
  const writable = description.fields.filter((f) => !isComputedField(f)).map((f) => ({ apiName: f.apiName, label: f.label }));
  // Updating by a unique field also needs the update permission.
  const unique = access.update ? description.fields.filter((f) => f.unique).map((f) => ({ apiName: f.apiName, label: f.label })) : [];
  return (
    <>
      <nav aria-label="Breadcrumb" className="hint">
        <a href={`/records/${encodeURIComponent(object)}`}>{description.pluralLabel}</a> / Import
      </nav>
      <h1>Import {description.pluralLabel.toLowerCase()} from a CSV file</h1>
      <ImportForm
        object={object}
        csrfToken={apiConsoleToken(await sessionCredential())}
        fields={writable}
        uniqueFields={unique}
        maxBytes={importMaxBytes()}
      />
    </>
  );
}
