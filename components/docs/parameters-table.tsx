import type { ApiParameter } from "./openapi-types.ts";
import { InlineText } from "./rich-text.tsx";
import { constraints, enumValues, typeLabel } from "./schema-utils.ts";
import styles from "./api-reference.module.css";

export function ParametersTable({ parameters }: { parameters: ApiParameter[] }) {
  return (
    // Focusable so keyboard users can scroll it sideways on narrow screens.
    <div className={styles.tableScroll} role="region" aria-label="Parameters" tabIndex={0}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">In</th>
            <th scope="col">Type</th>
            <th scope="col">Required</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {parameters.map((p) => {
            const facts = [
              ...(enumValues(p.schema).length ? [`one of: ${enumValues(p.schema).join(", ")}`] : []),
              ...constraints(p.schema),
            ];
            return (
              <tr key={`${p.in}:${p.name}`}>
                <td>
                  <code className={styles.propName}>{p.name}</code>
                </td>
                <td>{p.in}</td>
                <td>
                  <span className={styles.propType}>{typeLabel(p.schema)}</span>
                </td>
                <td>{p.required ? <span className={styles.requiredTag}>required</span> : "optional"}</td>
                <td>
                  <InlineText text={p.description} />
                  {facts.length > 0 && <span className={styles.cellFacts}>{facts.join(" · ")}</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
