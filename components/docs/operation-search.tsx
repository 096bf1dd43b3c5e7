"use client";
import Link from "next/link";
import { useId, useMemo, useState } from "react";
import { MethodBadge } from "./method-badge.tsx";
import type { ApiOperation } from "./openapi-types.ts";
import { operationLink } from "./sidebar-nav.tsx";
import styles from "./api-reference.module.css";

/** At most this many matches are shown: a narrower query finds the rest. */
const SHOWN = 25;

/** Search across every operation of every area: its summary, path, method and id; each match links to its page. */
export function OperationSearch({
  operations,
}: {
  operations: Pick<ApiOperation, "operationId" | "method" | "path" | "summary" | "tag">[];
}) {
  const [query, setQuery] = useState("");
  const id = useId();
  const matches = useMemo(() => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    if (!words.length) return [];
    return operations.filter((op) => {
      const text = `${op.method} ${op.path} ${op.summary} ${op.operationId} ${op.tag}`.toLowerCase();
      return words.every((w) => text.includes(w));
    });
  }, [operations, query]);
  return (
    <div className={styles.search} role="search">
      <label htmlFor={id} className={styles.visuallyHidden}>
        Search operations
      </label>
      <input
        id={id}
        type="search"
        className={styles.searchInput}
        placeholder="Search operations"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        data-testid="operation-search"
      />
      {query && (
        <ul className={styles.searchResults} aria-label="Matching operations" data-testid="operation-search-results">
          {matches.length === 0 && <li>No operation matches.</li>}
          {matches.slice(0, SHOWN).map((op) => (
            <li key={op.operationId}>
              <Link href={operationLink(op)} title={`${op.method} ${op.path}`}>
                <MethodBadge method={op.method} /> {op.summary || op.path}
              </Link>
            </li>
          ))}
          {matches.length > SHOWN && <li>{matches.length - SHOWN} more: narrow the search.</li>}
        </ul>
      )}
    </div>
  );
}
