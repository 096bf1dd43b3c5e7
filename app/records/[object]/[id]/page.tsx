import { notFound } from "next/navigation";
import { query } from "@/lib/adapters/actions/session-operation.ts";
import { isUuid } from "@/lib/db/tenant.ts";
import { listAttachmentsOp } from "@/lib/operations/attachments/list-attachments.ts";
import { describeObject } from "@/lib/operations/objects/describe-object.ts";
import { getRecord } from "@/lib/operations/records/get-record.ts";
import { AttachmentsPanel } from "@/components/records/attachments-panel.tsx";
import { deleteAttachmentAction } from "./actions.ts";

export const metadata = { title: "Record" };

const shown = (value: unknown): string =>
  value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);

/**
 * One record: its fields and its files. The record views (issue 16) grow this page with editing,
 * the activity timeline, line items and widgets; it runs the same operations as the API.
 */
export default async function RecordPage({ params }: { params: Promise<{ object: string; id: string }> }) {
  const { object, id } = await params;
  if (!isUuid(id)) notFound();
  const [description, record, files] = await Promise.all([
    query(describeObject, { apiName: object }),
    query(getRecord, { object, id }),
    query(listAttachmentsOp, { recordId: id, objectApiName: object, limit: 100, offset: 0 }),
  ]);
  const values = record as Record<string, unknown>;
  const title = shown(values.name ?? values.subject ?? ([values.first_name, values.last_name].filter(Boolean).join(" ") || id));
  const path = `/records/${object}/${id}`;
  return (
    <>
      <h1>
        {description.label}: {title}
      </h1>
      <table aria-label="Fields">
        <tbody>
          {description.fields.map((f) => (
            <tr key={f.apiName}>
              <th scope="row">{f.label}</th>
              <td>{shown(values[f.apiName])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <AttachmentsPanel
        recordId={id}
        objectApiName={object}
        files={files.data}
        total={files.total}
        deleteAction={deleteAttachmentAction.bind(null, path)}
      />
    </>
  );
}
