/**
 * S3 or any S3-compatible store (MinIO, Ceph, R2, ...), from the environment:
 *   S3_BUCKET              the bucket (required to use S3); it stays private
 *   S3_ENDPOINT            the store's URL, for a store other than AWS
 *   S3_REGION              us-east-1 unless set
 *   S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY  otherwise the AWS SDK's default chain (env, profile, instance role)
 *   S3_FORCE_PATH_STYLE    true for stores that do not serve bucket subdomains (most self-hosted ones)
 */
export interface S3Config {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

export function s3ConfigFromEnv(env: NodeJS.ProcessEnv = process.env): S3Config | null {
  if (!env.S3_BUCKET) return null;
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || "us-east-1",
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: /^(1|true|yes)$/i.test(env.S3_FORCE_PATH_STYLE ?? ""),
  };
}
