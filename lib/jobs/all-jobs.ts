import type { Job } from "./define-job.ts";
import { purgeExpired } from "./purge-expired.ts";

/** Every background job the server runs (lib/jobs/background-jobs.ts starts them). */
export const allJobs: readonly Job[] = [purgeExpired];
