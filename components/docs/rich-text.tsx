import styles from "./api-reference.module.css";

/** Backtick spans become <code>; everything else stays text, so descriptions can never inject markup. */
function inline(text: string) {
  return text.split(/(`[^`]+`)/g).map((part, i) =>
    part.length > 2 && part.startsWith("`") && part.endsWith("`") ? (
      <code key={i} className={styles.inlineCode}>
        {part.slice(1, -1)}
      </code>
    ) : (
      part
    ),
  );
}

/** The markdown-ish descriptions of the OpenAPI document: blank lines separate paragraphs. */
export function RichText({ text, className }: { text: string; className?: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return null;
  return (
    <div className={className ?? styles.prose}>
      {paragraphs.map((p, i) => (
        <p key={i}>{inline(p)}</p>
      ))}
    </div>
  );
}

/** For table cells and list items, where a paragraph would add spacing. */
export function InlineText({ text }: { text: string }) {
  return <>{inline(text)}</>;
}
