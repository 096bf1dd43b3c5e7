import type { Metadata } from "next";
import Link from "next/link";
import styles from "@/components/docs/guide.module.css";
import { GUIDES } from "@/lib/docs/guides.ts";

export const metadata: Metadata = { title: "Developer docs" };

/** The docs' front page: the API reference and the task guides, each runnable as written. */
export default function DocsIndexPage() {
  return (
    <main className={styles.page}>
      <nav className={styles.nav} aria-label="Docs">
        <Link href="/">Back to the CRM</Link>
        <Link href="/docs/api">API reference</Link>
        <a href="/api/v1/openapi.json">OpenAPI document</a>
      </nav>
      <h1>Developer docs</h1>
      <p>
        The <Link href="/docs/api">API reference</Link> lists every operation. The guides below walk through a task each; every command and
        program in them runs as written against a fresh instance (the test suite runs them all).
      </p>
      <h2>Guides</h2>
      <ul className={styles.list}>
        {GUIDES.map((g) => (
          <li key={g.slug}>
            <Link href={`/docs/guides/${g.slug}`}>{g.title}</Link>
            <span className={styles.summary}>{g.summary}</span>
          </li>
        ))}
      </ul>
    </main>
  );
}
