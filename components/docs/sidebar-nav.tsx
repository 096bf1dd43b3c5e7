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

export function SidebarNav({ groups }: { groups: TagGroup[] }) {
  return (
    <nav aria-label="Operations" className={styles.nav}>
      {groups.map((group) => (
        <div key={group.tag} className={styles.navGroup}>
          <a href={`#${tagAnchor(group.tag)}`} className={styles.navGroupTitle}>
            {tagTitle(group.tag)}
          </a>
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
        </div>
      ))}
    </nav>
  );
}
