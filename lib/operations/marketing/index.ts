import type { Operation } from "../define.ts";
import { sendMarketingEmailOp } from "./send-marketing-email.ts";

/** Marketing email (spec 4.4). */
export const marketingOperations: Operation[] = [sendMarketingEmailOp];
