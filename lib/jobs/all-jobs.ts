import { analyzeTables } from "./analyze-tables.ts";
import { attachmentUploads } from "./attachment-uploads.ts";
import { blueprintUpgrade } from "./blueprint-upgrade.ts";
import type { Job } from "./define-job.ts";
import { emailSend } from "./email-send.ts";
import { flowSteps } from "./flow-steps.ts";
import { foldCounts } from "./fold-record-counts.ts";
import { purgeExpired } from "./purge-expired.ts";
import { recordImports } from "./record-imports.ts";
import { vacuumTables } from "./vacuum-tables.ts";
import { webhookDispatch } from "./webhook-dispatch.ts";

/** Every background job the server runs (lib/jobs/background-jobs.ts starts them). */
export const allJobs: readonly Job[] = [
  webhookDispatch,
  purgeExpired,
  blueprintUpgrade,
  attachmentUploads,
  emailSend,
  flowSteps,
  recordImports,
  analyzeTables,
  vacuumTables,
  foldCounts,
];
