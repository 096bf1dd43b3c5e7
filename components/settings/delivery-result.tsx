const ERROR_WORDS: Record<string, string> = {
  timeout: "Timeout (4 s)",
  dns_failure: "DNS failure",
  refused_destination: "Refused destination",
  connection_error: "Connection error",
  tls_error: "TLS error",
  redirect_not_followed: "Redirect not followed",
  interrupted: "Interrupted",
};

export const when = (iso: string): string => new Date(iso).toISOString().replace("T", " ").slice(0, 19) + " UTC";

/** A delivery's result as the log shows it: the response status, or the error in words, or under way. */
export function DeliveryResult({ status, error }: { status: number | null; error: string | null }) {
  const ok = status !== null && status >= 200 && status < 300;
  if (status === null && error === null) return <span className="badge">Sending…</span>;
  return (
    <span className={ok ? "badge" : "badge off"} data-testid="delivery-result">
      {[status === null ? null : String(status), error === null ? null : (ERROR_WORDS[error] ?? error)].filter(Boolean).join(" · ")}
    </span>
  );
}
