/**
 * The attachment flow on the local store (files under DATA_DIR, served by the app's signed file
 * route): flow-suite.ts.
 */
import { describeAttachmentFlow } from "./flow-suite.ts";

describeAttachmentFlow("local");
