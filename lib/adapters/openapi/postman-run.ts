/**
 * The Postman collection's run order: every operation of the API at least once, in an order that
 * runs green from top to bottom against a fresh instance (and again on the same one). Ids the API
 * answers are saved into collection variables ({{recordId}}, …) for the requests after them; names
 * and emails carry {{runId}}, which the first request sets, so nothing collides with the demo data,
 * the README's examples or an earlier run.
 */
export interface RunStep {
  /** The OpenAPI operationId this request calls. */
  operation: string;
  /** The request's name, when the operation's summary would be ambiguous in the run. */
  name?: string;
  path?: Record<string, string>;
  /** Query parameters to send (others stay listed, disabled). */
  query?: Record<string, string>;
  body?: unknown;
  /** Collection variables to set from the answer: name → JavaScript expression over `body`. */
  save?: Record<string, string>;
  /** Repeat the request (up to 20 times, 250 ms apart) until this expression over `body` holds: work done in the background. */
  until?: string;
  /** Removes what the run made: skipped when its variables were never saved, and 404 (already gone) passes. */
  cleanup?: true;
  /** Another status that passes too, when background work may have overtaken the request (a cancel finding the import done: 409). */
  orStatus?: number;
}

/** A request outside the API's operations, such as the file upload to a presigned URL. */
export interface RawStep {
  raw: { name: string; method: string; url: string; body: string; expectStatus: number; prerequest: string[] };
}

export interface RunFolder {
  name: string;
  steps: (RunStep | RawStep)[];
}

const contact = { object: "contact" };
const UPLOAD_TEXT = "Hello from the Postman collection.\n";
/** The CSV the run imports: one row whose email is refused, so the import leaves no record behind and has a failed row to show. */
const IMPORT_CSV = "last_name,email\r\nPostman import,not-an-email\r\n";

/**
 * The three steps of an attachment on the run's contact: the upload URL, the bytes PUT to it (with
 * exactly the headers step 1 answered), the registration saving the attachment's id as `saveAs`.
 */
function attachFile(f: { fileName: string; contentType: string; text: string; saveAs: string; what?: string }): (RunStep | RawStep)[] {
  const file = {
    recordId: "{{recordId}}",
    objectApiName: "contact",
    fileName: f.fileName,
    contentType: f.contentType,
    size: Buffer.byteLength(f.text),
  };
  return [
    {
      operation: "attachments.uploadUrl",
      ...(f.what ? { name: `Upload URL for ${f.what}` } : {}),
      body: file,
      save: { uploadUrl: "body.uploadUrl", uploadHeaders: "JSON.stringify(body.headers)", storageKey: "body.storageKey" },
    },
    {
      raw: {
        name: `Upload ${f.what ?? "the file"}'s bytes to the upload URL`,
        method: "PUT",
        url: "{{uploadUrl}}",
        body: f.text,
        expectStatus: 200,
        prerequest: [
          "// Exactly the headers step 1 answered (the signature covers them); Postman sets Content-Length itself.",
          'const headers = JSON.parse(pm.collectionVariables.get("uploadHeaders"));',
          "for (const [key, value] of Object.entries(headers))",
          '  if (key.toLowerCase() !== "content-length") pm.request.headers.upsert({ key, value });',
        ],
      },
    },
    {
      operation: "attachments.register",
      ...(f.what ? { name: `Register ${f.what}` } : {}),
      body: { ...file, storageKey: "{{storageKey}}" },
      save: { [f.saveAs]: "body.id" },
    },
  ];
}

/** Sets {{runId}}: lowercase letters and digits, valid in an apiName, new on every run. */
export const RUN_ID_SCRIPT = [
  "// A fresh suffix for this run's names and emails, so runs never collide with each other or the demo data.",
  'pm.collectionVariables.set("runId", Date.now().toString(36) + Math.random().toString(36).slice(2, 6));',
];

export const POSTMAN_RUN: RunFolder[] = [
  {
    name: "objects",
    steps: [
      { operation: "objects.list" },
      { operation: "objects.describe", path: { apiName: "contact" } },
      {
        operation: "objects.create",
        body: { apiName: "postman_{{runId}}", label: "Postman {{runId}}", pluralLabel: "Postman {{runId}} items" },
        save: { objectApiName: "body.apiName" },
      },
      { operation: "objects.update", path: { apiName: "{{objectApiName}}" }, body: { description: "Made by the Postman collection" } },
      {
        operation: "fields.create",
        path: { apiName: "{{objectApiName}}" },
        body: { apiName: "rating", label: "Rating", type: "number" },
        save: { fieldApiName: "body.apiName" },
      },
      { operation: "fields.update", path: { apiName: "{{objectApiName}}", fieldApiName: "{{fieldApiName}}" }, body: { label: "Score" } },
      { operation: "fields.archive", path: { apiName: "{{objectApiName}}", fieldApiName: "{{fieldApiName}}" } },
      { operation: "objects.archive", path: { apiName: "{{objectApiName}}" } },
    ],
  },
  {
    name: "records",
    steps: [
      {
        operation: "records.create",
        path: contact,
        body: { first_name: "Pat", last_name: "Postman {{runId}}", email: "pat.{{runId}}@example.com" },
        save: { recordId: "body.id" },
      },
      { operation: "records.get", path: { ...contact, id: "{{recordId}}" } },
      { operation: "records.update", path: { ...contact, id: "{{recordId}}" }, body: { job_title: "Integration tester" } },
      { operation: "records.list", path: contact, query: { search: "{{runId}}", limit: "10" } },
      {
        operation: "records.bulkCreate",
        path: contact,
        body: {
          records: [
            { first_name: "Sam", last_name: "Postman {{runId}}", email: "sam.{{runId}}@example.com" },
            { first_name: "Kim", last_name: "Postman {{runId}}", email: "kim.{{runId}}@example.com" },
          ],
        },
        save: { samId: "body.results[0].id", kimId: "body.results[1].id" },
      },
      {
        operation: "records.bulkUpdate",
        path: contact,
        body: { updates: [{ id: "{{recordId}}", job_title: "Lead integration tester" }] },
      },
      { operation: "records.delete", path: { ...contact, id: "{{recordId}}" } },
      { operation: "records.restore", path: { ...contact, id: "{{recordId}}" } },
    ],
  },
  { name: "data", steps: [{ operation: "records.export", path: contact, query: { pageSize: "50" } }] },
  {
    name: "activities",
    steps: [
      {
        operation: "activities.create",
        body: {
          type: "task",
          subject: "Follow up with Pat ({{runId}})",
          due_at: "2030-01-15T09:00:00Z",
          record_id: "{{recordId}}",
          objectApiName: "contact",
        },
        save: { activityId: "body.id" },
      },
      { operation: "activities.get", path: { id: "{{activityId}}" } },
      { operation: "activities.update", path: { id: "{{activityId}}" }, body: { completed: true, outcome: "Done" } },
      { operation: "activities.list", query: { recordId: "{{recordId}}", objectApiName: "contact" } },
      { operation: "activities.delete", path: { id: "{{activityId}}" } },
    ],
  },
  {
    name: "line-items",
    steps: [
      {
        operation: "records.create",
        name: "Create an opportunity for the line items",
        path: { object: "opportunity" },
        body: { name: "Postman deal {{runId}}", stage: "prospecting" },
        save: { opportunityId: "body.id" },
      },
      {
        operation: "records.create",
        name: "Create a product for the line items",
        path: { object: "product" },
        body: { name: "Postman widget {{runId}}", sku: "PM-{{runId}}", price: "12.50", active: true },
        save: { productId: "body.id" },
      },
      {
        operation: "line-items.create",
        body: { opportunity_id: "{{opportunityId}}", product_id: "{{productId}}", quantity: "2" },
        save: { lineItemId: "body.id" },
      },
      {
        operation: "line-items.create",
        name: "Add a second line item",
        body: { opportunity_id: "{{opportunityId}}", product_id: "{{productId}}", quantity: "1", name: "Spare widget" },
        save: { secondLineItemId: "body.id" },
      },
      { operation: "line-items.list", query: { opportunityId: "{{opportunityId}}" } },
      { operation: "line-items.update", body: { id: "{{lineItemId}}", quantity: "3" } },
      { operation: "line-items.update-by-id", path: { id: "{{lineItemId}}" }, body: { discount: "5" } },
      { operation: "line-items.delete", query: { id: "{{secondLineItemId}}" } },
      { operation: "line-items.delete-by-id", path: { id: "{{lineItemId}}" } },
    ],
  },
  {
    name: "attachments",
    steps: [
      ...attachFile({ fileName: "postman-{{runId}}.txt", contentType: "text/plain", text: UPLOAD_TEXT, saveAs: "attachmentId" }),
      { operation: "attachments.list", query: { recordId: "{{recordId}}", objectApiName: "contact" } },
      { operation: "attachments.get", path: { id: "{{attachmentId}}" } },
      { operation: "attachments.delete", path: { id: "{{attachmentId}}" } },
    ],
  },
  {
    name: "imports",
    steps: [
      ...attachFile({
        fileName: "postman-{{runId}}.csv",
        contentType: "text/csv",
        text: IMPORT_CSV,
        saveAs: "csvAttachmentId",
        what: "a CSV file",
      }),
      { operation: "imports.preview", path: contact, body: { attachmentId: "{{csvAttachmentId}}" } },
      { operation: "imports.create", path: contact, body: { attachmentId: "{{csvAttachmentId}}" }, save: { importId: "body.id" } },
      { operation: "imports.get", path: { ...contact, id: "{{importId}}" }, until: 'body.status === "done"' },
      { operation: "imports.list", path: contact, query: { limit: "10" } },
      { operation: "imports.errors", path: { ...contact, id: "{{importId}}" } },
      // The import is done by now: a cancel is refused (409) unless it came first.
      { operation: "imports.cancel", path: { ...contact, id: "{{importId}}" }, orStatus: 409 },
      { operation: "attachments.delete", name: "Delete the CSV file", path: { id: "{{csvAttachmentId}}" } },
    ],
  },
  {
    name: "inventory",
    steps: [
      {
        operation: "inventory.adjust",
        body: { product_id: "{{productId}}", operation: "set", quantity: "40", reason: "Postman stock count" },
      },
      { operation: "inventory.list", query: { productId: "{{productId}}" } },
      { operation: "inventory.get", path: { productId: "{{productId}}" } },
      { operation: "inventory.update", path: { productId: "{{productId}}" }, body: { reorder_level: "5" } },
      { operation: "inventory.movements", path: { productId: "{{productId}}" } },
    ],
  },
  {
    name: "marketing-emails",
    steps: [
      {
        operation: "marketing.send",
        body: {
          recordId: "{{recordId}}",
          objectApiName: "contact",
          subject: "Our spring update",
          body: "<p>Hello! Here is what is new this spring.</p>",
        },
      },
    ],
  },
  {
    name: "flows",
    steps: [
      { operation: "flows.list", save: { flowId: 'body.data.find((f) => f.status === "active" && f.objectApiName === "lead").id' } },
      { operation: "flows.get", path: { id: "{{flowId}}" } },
      {
        operation: "records.create",
        name: "Create a lead to enroll",
        path: { object: "lead" },
        body: { last_name: "Postman {{runId}}", company_name: "Postman Co", status: "new", email: "lead.{{runId}}@example.com" },
        save: { leadId: "body.id" },
      },
      { operation: "flows.enroll", path: { id: "{{flowId}}" }, body: { recordId: "{{leadId}}" }, save: { enrollmentId: "body.id" } },
      { operation: "flows.enrollments", path: { id: "{{flowId}}" }, query: { recordId: "{{leadId}}" } },
      { operation: "flows.stopEnrollment", path: { id: "{{flowId}}", enrollmentId: "{{enrollmentId}}" } },
    ],
  },
  {
    name: "approvals",
    steps: [
      {
        operation: "records.create",
        name: "Create a large project (opens an approval request)",
        path: { object: "project" },
        body: { name: "Postman rollout {{runId}}", budget: "250000.00", status: "planned" },
        save: { projectId: "body.id" },
      },
      {
        operation: "records.create",
        name: "Create another large project",
        path: { object: "project" },
        body: { name: "Postman migration {{runId}}", budget: "180000.00", status: "planned" },
        save: { secondProjectId: "body.id" },
      },
      {
        operation: "approvals.list",
        query: { record: "{{projectId}}", status: "pending" },
        save: { approvalId: "body.data[0].id" },
      },
      { operation: "approvals.get", path: { id: "{{approvalId}}" } },
      { operation: "approvals.approve", path: { id: "{{approvalId}}" }, body: { comment: "Budget confirmed" } },
      {
        operation: "approvals.list",
        name: "Find the other project's request",
        query: { record: "{{secondProjectId}}", status: "pending" },
        save: { secondApprovalId: "body.data[0].id" },
      },
      { operation: "approvals.reject", path: { id: "{{secondApprovalId}}" }, body: { comment: "Over this quarter's budget" } },
    ],
  },
  {
    name: "webhooks",
    steps: [
      {
        operation: "webhooks.create",
        body: { url: "{{webhookUrl}}", events: ["record.created"] },
        save: { webhookId: "body.id" },
      },
      { operation: "webhooks.list" },
      { operation: "webhooks.get", path: { id: "{{webhookId}}" } },
      { operation: "webhooks.update", path: { id: "{{webhookId}}" }, body: { events: ["record.created", "record.updated"] } },
      { operation: "webhooks.rotateSecret", path: { id: "{{webhookId}}" } },
      { operation: "webhooks.test", path: { id: "{{webhookId}}" } },
      {
        operation: "records.create",
        name: "Create a contact (sends record.created to the webhook)",
        path: contact,
        body: { first_name: "Wes", last_name: "Postman {{runId}}", email: "wes.{{runId}}@example.com" },
        save: { webhookRecordId: "body.id" },
      },
      {
        operation: "webhooks.deliveries",
        path: { id: "{{webhookId}}" },
        // The test event's delivery is there already: wait for the contact's.
        until: 'body.data.some((d) => d.event === "record.created")',
        save: { deliveryId: 'body.data.find((d) => d.event === "record.created").id' },
      },
      { operation: "webhooks.delivery", path: { id: "{{webhookId}}", deliveryId: "{{deliveryId}}" } },
      { operation: "webhooks.redeliver", path: { id: "{{webhookId}}", deliveryId: "{{deliveryId}}" } },
      {
        operation: "events.list",
        name: "Find the contact's record.created event",
        query: { type: "record.created", objectApiName: "contact", limit: "1" },
        // The feed shows an event once the write transactions before it have ended: until then the
        // newest one listed can be an earlier contact's.
        until: 'body.data.length > 0 && body.data[0].recordId === pm.collectionVariables.get("webhookRecordId")',
        save: { resendEventId: "body.data[0].id" },
      },
      { operation: "webhooks.resend", path: { id: "{{webhookId}}" }, body: { event_id: "{{resendEventId}}" } },
      {
        operation: "webhooks.deliveries",
        name: "Wait until every delivery has its result",
        path: { id: "{{webhookId}}" },
        // Deleting the webhook ends what it has not sent yet: the redelivery and the resend go first.
        until: "body.data.length >= 4 && body.data.every((d) => d.status !== null || d.error !== null)",
      },
      { operation: "webhooks.delete", path: { id: "{{webhookId}}" } },
    ],
  },
  {
    name: "events",
    steps: [
      {
        operation: "events.list",
        query: { type: "record.created", objectApiName: "contact", limit: "5" },
        until: "body.data.length > 0",
        save: { eventId: "body.data[0].id" },
      },
      { operation: "events.get", path: { id: "{{eventId}}" } },
      { operation: "events.list", name: "Events after it, oldest first", query: { after: "{{eventId}}" } },
    ],
  },
  { name: "audit-log", steps: [{ operation: "audit.list", query: { limit: "20" } }] },
  {
    name: "request-log",
    steps: [
      // Lines are written in batches a moment after their requests.
      { operation: "requestLog.list", query: { status: "2xx", limit: "20" }, until: "body.data.length > 0" },
    ],
  },
  {
    // Last, and run even when a step before failed: the run leaves nothing of its own behind.
    name: "cleanup",
    steps: [
      ...[
        ["the contact", "contact", "recordId"],
        ["the first bulk contact", "contact", "samId"],
        ["the second bulk contact", "contact", "kimId"],
        ["the webhook's contact", "contact", "webhookRecordId"],
        ["the lead", "lead", "leadId"],
        ["the opportunity", "opportunity", "opportunityId"],
        ["the product", "product", "productId"],
        ["the first project", "project", "projectId"],
        ["the second project", "project", "secondProjectId"],
      ].map(([what, object, variable]) => ({
        operation: "records.delete",
        name: `Clean up: delete ${what}`,
        path: { object: object!, id: `{{${variable}}}` },
        cleanup: true as const,
      })),
      { operation: "webhooks.delete", name: "Clean up: delete the webhook", path: { id: "{{webhookId}}" }, cleanup: true },
      { operation: "objects.archive", name: "Clean up: archive the custom object", path: { apiName: "{{objectApiName}}" }, cleanup: true },
    ],
  },
];
