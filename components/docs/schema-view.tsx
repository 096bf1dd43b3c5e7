import { useState, type ReactNode } from "react";
import { isJsonObject, type JsonSchema } from "./openapi-types.ts";
import { InlineText } from "./rich-text.tsx";
import {
  constraints,
  describe,
  enumValues,
  nonNullVariant,
  propertiesOf,
  resolveSchema,
  typeLabel,
  type Components,
  type PropertyEntry,
} from "./schema-utils.ts";
import styles from "./api-reference.module.css";

/** Backstop for very deep inline schemas; cycles through $ref are already cut by `seen`. */
const MAX_DEPTH = 10;

interface NodeProps {
  schema: JsonSchema;
  components: Components;
  seen: readonly string[];
  depth: number;
}

function Facts({ schema }: { schema: JsonSchema }) {
  const values = enumValues(schema);
  const rules = constraints(schema);
  if (values.length === 0 && rules.length === 0) return null;
  return (
    <p className={styles.schemaFacts}>
      {values.length > 0 && (
        <span>
          One of:{" "}
          {values.map((v, i) => (
            <span key={i}>
              {i > 0 && ", "}
              <code className={styles.inlineCode}>{v}</code>
            </span>
          ))}
        </span>
      )}
      {rules.map((r) => (
        <span key={r} className={styles.schemaRule}>
          {r}
        </span>
      ))}
    </p>
  );
}

function Property({ entry, components, seen, depth }: { entry: PropertyEntry } & Omit<NodeProps, "schema">) {
  const resolved = resolveSchema(entry.schema, components, seen);
  const description = describe(entry.schema) || describe(resolved.schema);
  return (
    <li className={styles.schemaItem}>
      <div className={styles.schemaHead}>
        <code className={styles.propName}>{entry.name}</code>
        <span className={styles.propType}>{typeLabel(entry.schema)}</span>
        {entry.required && <span className={styles.requiredTag}>required</span>}
      </div>
      {description && (
        <p className={styles.schemaDescription}>
          <InlineText text={description} />
        </p>
      )}
      <Facts schema={resolved.schema} />
      {resolved.circular ? (
        <p className={styles.schemaNote}>Recursive: same shape as {resolved.name} above.</p>
      ) : (
        hasFields(resolved.schema, components, resolved.seen) && (
          <Expandable>
            {() => <SchemaChildren schema={resolved.schema} components={components} seen={resolved.seen} depth={depth + 1} />}
          </Expandable>
        )
      )}
    </li>
  );
}

/**
 * A nested shape, rendered only once opened: the reference lists an object's own fields, and the
 * fields of fields on demand, so a page holds what is read rather than every level of every schema.
 */
function Expandable({ children }: { children: () => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <details className={styles.expand} onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="schema-fields">
      <summary>Fields</summary>
      {open && children()}
    </details>
  );
}

/** Whether a schema has fields below its type line (through $refs, nullability, array items and map values). */
function hasFields(schema: JsonSchema, components: Components, seen: readonly string[], depth = 0): boolean {
  if (depth > 4 || !isJsonObject(schema)) return false;
  const resolved = resolveSchema(schema, components, seen);
  if (resolved.circular) return false;
  const s = resolved.schema;
  if (!isJsonObject(s)) return false;
  if (propertiesOf(s).length > 0) return true;
  const inner = nonNullVariant(s);
  if (inner !== undefined) return hasFields(inner, components, resolved.seen, depth + 1);
  const variants = (["oneOf", "anyOf", "allOf"] as const).flatMap((k) => (Array.isArray(s[k]) ? (s[k] as JsonSchema[]) : []));
  if (variants.some(hasShape)) return true;
  const element = s.items ?? (isJsonObject(s.additionalProperties) ? s.additionalProperties : undefined);
  return element !== undefined && hasFields(element, components, resolved.seen, depth + 1);
}

function hasShape(schema: JsonSchema): boolean {
  if (!isJsonObject(schema)) return false;
  return (
    typeof schema.$ref === "string" ||
    isJsonObject(schema.properties) ||
    isJsonObject(schema.items) ||
    isJsonObject(schema.additionalProperties) ||
    Array.isArray(schema.oneOf) ||
    Array.isArray(schema.anyOf) ||
    Array.isArray(schema.allOf)
  );
}

/** Whatever sits below a schema's type line: properties, array items, variants or map values. */
function SchemaChildren({ schema, components, seen, depth }: NodeProps) {
  if (depth > MAX_DEPTH || !isJsonObject(schema)) return null;

  const nullable = nonNullVariant(schema);
  if (nullable !== undefined) {
    const inner = resolveSchema(nullable, components, seen);
    if (inner.circular) return <p className={styles.schemaNote}>Recursive: same shape as {inner.name} above.</p>;
    return <SchemaChildren schema={inner.schema} components={components} seen={inner.seen} depth={depth} />;
  }

  const variantKey = (["oneOf", "anyOf", "allOf"] as const).find((k) => Array.isArray(schema[k]));
  const variantList = variantKey ? schema[variantKey] : undefined;
  // `string | number` says it all on the type line; list variants only when one has a shape of its own.
  if (variantKey && Array.isArray(variantList) && variantList.some(hasShape)) {
    return (
      <div className={styles.schemaVariants}>
        <p className={styles.schemaNote}>{variantKey === "allOf" ? "All of:" : "One of:"}</p>
        <ul className={styles.schemaList}>
          {variantList.map((variant, i) => {
            const resolved = resolveSchema(variant, components, seen);
            return (
              <li key={i} className={styles.schemaItem}>
                <span className={styles.propType}>{typeLabel(variant)}</span>
                {!resolved.circular && (
                  <SchemaChildren schema={resolved.schema} components={components} seen={resolved.seen} depth={depth + 1} />
                )}
              </li>
            );
          })}
        </ul>
      </div>
    );
  }

  const properties = propertiesOf(schema);
  if (properties.length > 0) {
    return (
      <ul className={styles.schemaList}>
        {properties.map((entry) => (
          <Property key={entry.name} entry={entry} components={components} seen={seen} depth={depth} />
        ))}
      </ul>
    );
  }

  // Arrays and maps show their element's shape directly: the type line already says "array of X".
  const element = schema.items ?? (isJsonObject(schema.additionalProperties) ? schema.additionalProperties : undefined);
  if (element !== undefined) {
    const resolved = resolveSchema(element, components, seen);
    if (resolved.circular) return <p className={styles.schemaNote}>Recursive: same shape as {resolved.name} above.</p>;
    return <SchemaChildren schema={resolved.schema} components={components} seen={resolved.seen} depth={depth + 1} />;
  }
  return null;
}

/** A JSON Schema as an indented list of properties with types; $refs are expanded from components. */
export function SchemaView({ schema, components }: { schema: JsonSchema; components: Components }) {
  const resolved = resolveSchema(schema, components);
  const description = describe(schema) || describe(resolved.schema);
  return (
    <div className={styles.schema}>
      <p className={styles.schemaRoot}>
        <span className={styles.propType}>{typeLabel(schema)}</span>
        {resolved.name && typeLabel(resolved.schema) !== resolved.name && (
          <span className={styles.schemaRule}>{typeLabel(resolved.schema)}</span>
        )}
      </p>
      {description && (
        <p className={styles.schemaDescription}>
          <InlineText text={description} />
        </p>
      )}
      <Facts schema={resolved.schema} />
      <SchemaChildren schema={resolved.schema} components={components} seen={resolved.seen} depth={0} />
    </div>
  );
}
