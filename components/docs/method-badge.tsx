import styles from "./api-reference.module.css";

const METHOD_CLASS: Record<string, string | undefined> = {
  GET: styles.get,
  POST: styles.post,
  PUT: styles.patch,
  PATCH: styles.patch,
  DELETE: styles.delete,
};

/** The method is spelled out, so colour is never the only signal. */
export function MethodBadge({ method }: { method: string }) {
  return <span className={`${styles.method} ${METHOD_CLASS[method] ?? ""}`}>{method}</span>;
}
