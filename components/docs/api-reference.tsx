"use client";
import Link from "next/link";
import { IntroSection, TryItIdentity } from "./intro-section.tsx";
import type { ApiSpec } from "./openapi-types.ts";
import { OperationSection } from "./operation-section.tsx";
import { OperationSearch } from "./operation-search.tsx";
import { InlineText, RichText } from "./rich-text.tsx";
import { groupByTag, SidebarNav, tagAnchor, tagPage, tagTitle } from "./sidebar-nav.tsx";
import type { TryItSession } from "./try-it-panel.tsx";
import styles from "./api-reference.module.css";

interface ApiReferenceProps {
  spec: ApiSpec;
  specUrl: string;
  session: TryItSession | null;
  /** The area (tag) whose operations this page shows; none: the overview (introduction, authentication, errors, the areas). */
  currentTag?: string;
}

/**
 * The API reference, one page per area: the overview at /docs/api, each tag's operations at
 * /docs/api/<tag>. The sidebar lists every area, the current one's operations, and a search across
 * all of them, so no page renders the whole document.
 */
export function ApiReference({ spec, specUrl, session, currentTag }: ApiReferenceProps) {
  const groups = groupByTag(spec.operations);
  const current = groups.find((g) => g.tag === currentTag);

  return (
    <div className={styles.layout}>
      <a href="#content" className={styles.skipLink}>
        Skip to content
      </a>
      <aside className={styles.sidebar}>
        <div className={styles.sidebarIntro}>
          <Link href="/docs/api#introduction" className={styles.brand}>
            {spec.title}
          </Link>
          {spec.version && <span className={styles.version}>v{spec.version}</span>}
          <ul className={styles.sidebarLinks}>
            <li>
              <Link href="/docs/api#introduction">Introduction</Link>
            </li>
            <li>
              <Link href="/docs/api#authentication">Authentication</Link>
            </li>
            <li>
              <Link href="/docs/api#errors">Errors</Link>
            </li>
            <li>
              <a href={specUrl} download="openapi.json">
                Download OpenAPI
              </a>
            </li>
            <li>
              <Link href="/docs">Guides</Link>
            </li>
            <li>
              <Link href="/">Back to the CRM</Link>
            </li>
          </ul>
          <OperationSearch operations={spec.operations} />
        </div>
        <SidebarNav groups={groups} current={current?.tag} />
      </aside>

      <main id="content" className={styles.main} tabIndex={-1}>
        {current ? (
          <div className={styles.tagGroup}>
            <h1 id={tagAnchor(current.tag)} className={styles.sectionTitle}>
              {tagTitle(current.tag)}
            </h1>
            <RichText text={spec.tags.find((t) => t.name === current.tag)?.description ?? ""} />
            <TryItIdentity session={session} />
            {current.operations.map((op) => (
              <OperationSection
                key={op.operationId}
                op={op}
                components={spec.schemas}
                serverUrl={spec.serverUrl}
                basePath={spec.basePath}
                session={session}
              />
            ))}
          </div>
        ) : (
          <>
            <IntroSection spec={spec} specUrl={specUrl} session={session} />
            <h2 className={styles.sectionTitle}>Areas</h2>
            {groups.length === 0 && <p>This API has no operations yet.</p>}
            <ul className={styles.areaList} data-testid="api-areas">
              {groups.map((g) => (
                <li key={g.tag}>
                  <Link href={tagPage(g.tag)}>{tagTitle(g.tag)}</Link> ({g.operations.length} operation
                  {g.operations.length === 1 ? "" : "s"})
                  <span className={styles.areaSummary}>
                    <InlineText text={spec.tags.find((t) => t.name === g.tag)?.description ?? ""} />
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </main>
    </div>
  );
}
