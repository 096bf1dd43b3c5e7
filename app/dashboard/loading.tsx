/** Shown while a list or record page loads. */
export default function Loading() {
  return (
    <p className="loading" role="status">
      Loading…
    </p>
  );
}
