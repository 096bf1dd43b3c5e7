import Link from "next/link";
import { Fragment } from "react";
import { MethodBadge } from "./method-badge.tsx";
import type { ApiOperation } from "./openapi-types.ts";
import styles from "./api-reference.module.css";

export interface TagGroup {
  tag: string;
  operations: ApiOperation[];
}

/** Groups keep the document's order: the registry lists operations in reading order. */
export function groupByTag(operations: ApiOperation[]): TagGroup[] {
  const groups = new Map<string, ApiOperation[]>();
  for (const op of operations) groups.set(op.tag, [...(groups.get(op.tag) ?? []), op]);
  return [...groups].map(([tag, ops]) => ({ tag, operations: ops }));
}

export const tagTitle = (tag: string): string => tag.charAt(0).toUpperCase() + tag.slice(1);

export const tagAnchor = (tag: string): string => `tag-${tag.replace(/[^A-Za-z0-9_-]+/g, "-")}`;

/** The reference's page of an area (a tag), and an operation's place on it. */
export const tagPage = (tag: string): string => `/docs/api/${encodeURIComponent(tag)}`;
export const operationLink = (op: { tag: string; operationId: string }): string => `${tagPage(op.tag)}#${op.operationId}`;

/** Long paths wrap after a slash rather than inside `{id}`. */
function withBreaks(path: string) {
  return path.split("/").map((segment, i) => (
    <Fragment key={i}>
      {i > 0 && (
        <>
          /<wbr />
        </>
      )}
      {segment}
    </Fragment>
  ));
}

/** Every area, each a link to its page; the operations of the page shown (`current`) listed under it. */
export function SidebarNav({ groups, current }: { groups: TagGroup[]; current?: string }) {
  return (
    <nav aria-label="Operations" className={styles.nav}>
      {groups.map((group) => (
        <div key={group.tag} className={styles.navGroup}>
          <Link href={tagPage(group.tag)} className={styles.navGroupTitle} aria-current={group.tag === current ? "page" : undefined}>
            {tagTitle(group.tag)} <span className={styles.navCount}>{group.operations.length}</span>
          </Link>
          {group.tag === current && (
            <ul className={styles.navList}>
              {group.operations.map((op) => (
                <li key={op.operationId}>
                  <a href={`#${op.operationId}`} className={styles.navLink} title={op.summary}>
                    <MethodBadge method={op.method} />
                    <span className={styles.navPath}>{withBreaks(op.path)}</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </nav>
  );
}
