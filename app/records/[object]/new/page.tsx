import { notFound } from "next/navigation";
import { query } from "@/lib/adapters/actions/session-operation.ts";
import { editableFields } from "@/lib/adapters/actions/record-form.ts";
import { describeObjectOp } from "@/lib/operations/objects/describe-object.ts";
import { objectAccessOp } from "@/lib/operations/session/object-access.ts";
import { lookupChoices } from "@/components/records/lookup-choices.ts";
import { NewRecordForm } from "@/components/records/new-record-form.tsx";
import { searchLookupAction } from "../../lookup-actions.ts";
import { createRecordAction } from "../list-actions.ts";

export const metadata = { title: "New record" };

/** Create a record: the object's editable fields; a refusal keeps what was typed and names each field's problem. */
export default async function NewRecordPage({ params }: { params: Promise<{ object: string }> }) {
  const { object } = await params;
  const [description, access] = await Promise.all([query(describeObjectOp, { apiName: object }), query(objectAccessOp, { object })]);
  if (!access.create) notFound();
  const fields = editableFields(description.fields);
  return (
    <>
      <nav aria-label="Breadcrumb" className="hint">
        <a href={`/records/${object}`}>{description.pluralLabel}</a> / New
      </nav>
      <h1>New {description.label.toLowerCase()}</h1>
      <section className="panel">
        <NewRecordForm
          label={`New ${description.label.toLowerCase()}`}
          fields={fields}
          lookups={await lookupChoices(fields)}
          searchLookup={searchLookupAction}
          action={createRecordAction.bind(null, object)}
        />
      </section>
    </>
  );
}
