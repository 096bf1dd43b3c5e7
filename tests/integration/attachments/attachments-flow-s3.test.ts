/**
 * The attachment flow on S3 (s3rver behind a front that verifies SigV4 presigned requests as S3
 * does, tests/helpers/s3-server.ts): flow-suite.ts.
 */
import { describeAttachmentFlow } from "./flow-suite.ts";

describeAttachmentFlow("s3");
