import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { query, queryResult } from "@/lib/adapters/actions/session-operation.ts";
import { editableFields } from "@/lib/adapters/actions/record-form.ts";
import { isUuid } from "@/lib/ids/uuid.ts";
import { listActivitiesOp } from "@/lib/operations/activities/list-activities.ts";
import { recordApprovalsOp } from "@/lib/operations/approvals/manage-processes.ts";
import { listAttachmentsOp } from "@/lib/operations/attachments/list-attachments.ts";
import { recordEnrollmentsOp } from "@/lib/operations/flows/manage-enrollments.ts";
import { listFlowsOp } from "@/lib/operations/flows/manage-flows.ts";
import { FLOW_OBJECTS } from "@/lib/schemas/flows.ts";
import { listLineItemsOp } from "@/lib/operations/line-items/list-line-items.ts";
import { describeObjectOp } from "@/lib/operations/objects/describe-object.ts";
import { getRecordOp } from "@/lib/operations/records/get-record.ts";
import { objectAccessOp } from "@/lib/operations/session/object-access.ts";
import { placedWidgetsOp } from "@/lib/operations/widgets/placed-widgets.ts";
import { ActivityTimeline } from "@/components/records/activity-timeline.tsx";
import { ApprovalsPanel } from "@/components/records/approvals-panel.tsx";
import { AttachmentsPanel } from "@/components/records/attachments-panel.tsx";
import { FlowsPanel } from "@/components/records/flows-panel.tsx";
import { recordTitle } from "@/components/records/display.ts";
import { FieldValue } from "@/components/records/field-value.tsx";
import { LineItemsPanel } from "@/components/records/line-items-panel.tsx";
import { lookupChoices, recordChoices } from "@/components/records/lookup-choices.ts";
import { lookupTitles, titleOf } from "@/components/records/lookup-titles.ts";
import { RecordView } from "@/components/records/record-view.tsx";
import { TrashButton } from "@/components/records/trash-button.tsx";
import { WidgetColumn } from "@/components/widgets/widget-column.tsx";
import { searchLookupAction } from "../../lookup-actions.ts";
import { deleteAttachmentAction, registerUploadAction, requestUploadAction } from "./actions.ts";
import { enrollRecordAction, stopRecordEnrollmentAction, submitForApprovalAction } from "./process-actions.ts";
import {
  addLineAction,
  completeActivityAction,
  createActivityAction,
  removeLineAction,
  trashRecordAction,
  updateRecordAction,
} from "./record-actions.ts";

export async function generateMetadata({ params }: { params: Promise<{ object: string }> }) {
  return { title: `Record · ${(await params).object}` };
}

/**
 * One record, through the same operations as the API: its fields (inline edit), trash, its
 * activity timeline, line items for opportunities, its files, and the widgets apps place here.
 * Panels the role cannot read are left out; controls it may not use are not offered.
 */
export default async function RecordPage({ params }: { params: Promise<{ object: string; id: string }> }) {
  const { object, id } = await params;
  if (!isUuid(id)) notFound();
  const [description, record, access, activityAccess, widgets] = await Promise.all([
    query(describeObjectOp, { apiName: object }),
    query(getRecordOp, { object, id }),
    query(objectAccessOp, { object }),
    query(objectAccessOp, { object: "activity" }),
    query(placedWidgetsOp, { location: "record", objectApiName: object }),
  ]);
  const values = record as Record<string, unknown>;
  const title = recordTitle(values);
  const editable = editableFields(description.fields);
  const isOpportunity = object === "opportunity";
  const hasFlows = (FLOW_OBJECTS as readonly string[]).includes(object);
  // The names of what the lookups point at: for their links, and as the edit form's current choices.
  const titles = await lookupTitles(description.fields, [values]);
  const [files, activities, lines, lookups, products, enrollments, flows, approvals] = await Promise.all([
    queryResult(listAttachmentsOp, { recordId: id, objectApiName: object, limit: 100, offset: 0 }),
    queryResult(listActivitiesOp, { recordId: id, objectApiName: object, limit: 50 }),
    isOpportunity ? queryResult(listLineItemsOp, { opportunityId: id }) : Promise.resolve(null),
    access.update ? lookupChoices(editable, values, titles) : Promise.resolve({}),
    isOpportunity && access.update ? recordChoices("product") : Promise.resolve([]),
    hasFlows ? queryResult(recordEnrollmentsOp, { objectApiName: object, recordId: id }) : Promise.resolve(null),
    hasFlows && access.update ? queryResult(listFlowsOp, {}) : Promise.resolve(null),
    queryResult(recordApprovalsOp, { object, recordId: id }),
  ]);
  const cells: Record<string, ReactNode> = Object.fromEntries(
    description.fields.map((f) => [
      f.apiName,
      <FieldValue key={f.apiName} field={f} value={values[f.apiName]} label={titleOf(titles, f, values[f.apiName])} />,
    ]),
  );
  const path = `/records/${object}/${id}`;
  return (
    <>
      <nav aria-label="Breadcrumb" className="hint">
        <a href={`/records/${object}`}>{description.pluralLabel}</a> / {title}
      </nav>
      <div className="row spread">
        <h1>
          {description.label}: {title}
        </h1>
        {access.delete && <TrashButton action={trashRecordAction.bind(null, object, id)} title={title} />}
      </div>
      <div className="record-layout">
        <div className="stack">
          <RecordView
            fields={description.fields}
            editable={editable}
            values={values}
            cells={cells}
            lookups={lookups}
            searchLookup={searchLookupAction}
            update={access.update ? updateRecordAction.bind(null, object, id) : undefined}
          />
          {lines?.ok && (
            <LineItemsPanel
              lines={lines.data.data}
              totals={lines.data.totals}
              products={products}
              add={access.update ? addLineAction.bind(null, id) : undefined}
              remove={access.update ? removeLineAction.bind(null, id) : undefined}
            />
          )}
          {activities.ok && (
            <ActivityTimeline
              activities={activities.data.data}
              total={activities.data.total}
              create={activityAccess.create ? createActivityAction.bind(null, object, id) : undefined}
              complete={activityAccess.update ? completeActivityAction.bind(null, object, id) : undefined}
            />
          )}
          {approvals.ok && (approvals.data.processName || approvals.data.data.length > 0) && (
            <ApprovalsPanel
              processName={approvals.data.processName}
              requests={approvals.data.data}
              submit={access.update ? submitForApprovalAction.bind(null, object, id) : undefined}
            />
          )}
          {enrollments?.ok && (
            <FlowsPanel
              enrollments={enrollments.data.data}
              flows={flows?.ok ? flows.data.data.filter((f) => f.objectApiName === object && f.status === "active") : []}
              enroll={access.update ? enrollRecordAction.bind(null, object, id) : undefined}
              stop={
                access.update
                  ? (flowId, enrollmentId) => stopRecordEnrollmentAction.bind(null, object, id, flowId, enrollmentId)
                  : undefined
              }
            />
          )}
          {files.ok && (
            <AttachmentsPanel
              recordId={id}
              objectApiName={object}
              files={files.data.data}
              total={files.data.total}
              canUpload={access.update}
              deleteAction={access.delete ? deleteAttachmentAction.bind(null, path) : undefined}
              requestUploadAction={requestUploadAction}
              registerUploadAction={registerUploadAction}
            />
          )}
        </div>
        <WidgetColumn widgets={widgets.data} record={{ id, objectApiName: object }} />
      </div>
    </>
  );
}
