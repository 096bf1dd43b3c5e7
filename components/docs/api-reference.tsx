"use client";
import Link from "next/link";
import { IntroSection } from "./intro-section.tsx";
import type { ApiSpec } from "./openapi-types.ts";
import { OperationSection } from "./operation-section.tsx";
import { groupByTag, SidebarNav, tagAnchor, tagTitle } from "./sidebar-nav.tsx";
import type { TryItSession } from "./try-it-panel.tsx";
import styles from "./api-reference.module.css";

export function ApiReference({ spec, specUrl, session }: { spec: ApiSpec; specUrl: string; session: TryItSession | null }) {
  const groups = groupByTag(spec.operations);

  return (
    <div className={styles.layout}>
      <a href="#content" className={styles.skipLink}>
        Skip to content
      </a>
      <aside className={styles.sidebar}>
        <div className={styles.sidebarIntro}>
          <a href="#introduction" className={styles.brand}>
            {spec.title}
          </a>
          {spec.version && <span className={styles.version}>v{spec.version}</span>}
          <ul className={styles.sidebarLinks}>
            <li>
              <a href="#introduction">Introduction</a>
            </li>
            <li>
              <a href="#authentication">Authentication</a>
            </li>
            <li>
              <a href="#errors">Errors</a>
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
        </div>
        <SidebarNav groups={groups} />
      </aside>

      <main id="content" className={styles.main} tabIndex={-1}>
        <IntroSection spec={spec} specUrl={specUrl} session={session} />
        {groups.length === 0 && <p>This API has no operations yet.</p>}
        {groups.map((group) => (
          <div key={group.tag} className={styles.tagGroup}>
            <h2 id={tagAnchor(group.tag)} className={styles.sectionTitle}>
              {tagTitle(group.tag)}
            </h2>
            {group.operations.map((op) => (
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
        ))}
      </main>
    </div>
  );
}
