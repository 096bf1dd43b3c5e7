import { isJsonObject, type ApiParameter, type JsonSchema } from "./openapi-types.ts";
import { enumValues, typeLabel } from "./schema-utils.ts";
import styles from "./api-reference.module.css";

/** Booleans and enums get a select, so a typo cannot turn into a 400. */
function choices(schema: JsonSchema): string[] | undefined {
  const values = enumValues(schema);
  if (values.length > 0) return values;
  return isJsonObject(schema) && schema.type === "boolean" ? ["true", "false"] : undefined;
}

interface ParamFieldProps {
  param: ApiParameter;
  inputId: string;
  value: string;
  onChange: (value: string) => void;
}

/** The label is the bare parameter name (easy to find by label); where it goes is a described-by hint. */
export function ParamField({ param, inputId, value, onChange }: ParamFieldProps) {
  const options = choices(param.schema);
  const hintId = `${inputId}-hint`;
  return (
    <div className={styles.field}>
      <span className={styles.fieldLabelRow}>
        <label htmlFor={inputId}>{param.name}</label>
        <span id={hintId} className={styles.fieldHint}>
          {param.in}
          {param.required ? ", required" : ""}
        </span>
      </span>
      {options ? (
        <select id={inputId} aria-describedby={hintId} value={value} onChange={(e) => onChange(e.target.value)} required={param.required}>
          <option value="">{param.required ? "Choose…" : "(not sent)"}</option>
          {options.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={inputId}
          aria-describedby={hintId}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={typeLabel(param.schema)}
          required={param.required}
          autoComplete="off"
          spellCheck={false}
        />
      )}
    </div>
  );
}
