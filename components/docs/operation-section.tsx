"use client";
import { useState } from "react";
import { CurlExample } from "./curl-example.tsx";
import { MethodBadge } from "./method-badge.tsx";
import type { ApiOperation } from "./openapi-types.ts";
import { ParametersTable } from "./parameters-table.tsx";
import { initialDraft, type RequestDraft } from "./request-draft.ts";
import { ResponsesList } from "./responses-list.tsx";
import { RichText } from "./rich-text.tsx";
import type { Components } from "./schema-utils.ts";
import { SchemaView } from "./schema-view.tsx";
import { TryItPanel, type TryItSession } from "./try-it-panel.tsx";
import styles from "./api-reference.module.css";

interface OperationSectionProps {
  op: ApiOperation;
  components: Components;
  serverUrl: string;
  basePath: string;
  session: TryItSession | null;
}

export function OperationSection({ op, components, serverUrl, basePath, session }: OperationSectionProps) {
  // Lifted here so the curl example follows what is typed into the Try it panel.
  const [draft, setDraft] = useState<RequestDraft>(() => initialDraft(op, components));
  const titleId = `${op.operationId}-title`;

  return (
    <section id={op.operationId} className={styles.operation} aria-labelledby={titleId} data-testid={`operation-${op.operationId}`}>
      <header className={styles.operationHeader}>
        <h3 id={titleId} className={styles.operationTitle}>
          {op.summary || `${op.method} ${op.path}`}
        </h3>
        <p className={styles.endpoint}>
          <MethodBadge method={op.method} />
          <code className={styles.endpointPath}>{op.path}</code>
        </p>
      </header>
      <RichText text={op.description} />

      <h4 className={styles.subheading}>Parameters</h4>
      {op.parameters.length > 0 ? <ParametersTable parameters={op.parameters} /> : <p className={styles.schemaNote}>None.</p>}

      {op.requestBody && (
        <>
          <h4 className={styles.subheading}>
            Request body <span className={styles.fieldHint}>application/json{op.requestBody.required ? ", required" : ""}</span>
          </h4>
          <SchemaView schema={op.requestBody.schema} components={components} />
        </>
      )}

      <h4 className={styles.subheading}>Responses</h4>
      <ResponsesList responses={op.responses} components={components} />

      <h4 className={styles.subheading}>Example request</h4>
      <CurlExample op={op} serverUrl={serverUrl} draft={draft} />

      <TryItPanel
        op={op}
        basePath={basePath}
        session={session}
        draft={draft}
        onDraftChange={setDraft}
        onResetBody={() => setDraft((d) => ({ ...d, body: initialDraft(op, components).body }))}
      />
    </section>
  );
}
