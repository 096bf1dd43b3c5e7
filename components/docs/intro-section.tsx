import Link from "next/link";
import { ApiKeyField } from "./api-key-field.tsx";
import { CopyButton } from "./copy-button.tsx";
import type { ApiSpec } from "./openapi-types.ts";
import { RichText } from "./rich-text.tsx";
import styles from "./api-reference.module.css";

interface IntroSectionProps {
  spec: ApiSpec;
  specUrl: string;
  apiKey: string;
  onApiKeyChange: (value: string) => void;
}

export function IntroSection({ spec, specUrl, apiKey, onApiKeyChange }: IntroSectionProps) {
  return (
    <section id="introduction" className={styles.intro} aria-labelledby="introduction-title">
      <h1 id="introduction-title" className={styles.title}>
        {spec.title} {spec.version && <span className={styles.version}>v{spec.version}</span>}
      </h1>
      <RichText text={spec.description} />

      <dl className={styles.facts}>
        <div>
          <dt>Base URL</dt>
          <dd className={styles.factValue}>
            <code className={styles.inlineCode}>{spec.serverUrl}</code>
            <CopyButton text={spec.serverUrl} label="Copy base URL" />
          </dd>
        </div>
        <div>
          <dt>OpenAPI document</dt>
          <dd>
            <a href={specUrl} download="openapi.json">
              Download openapi.json
            </a>{" "}
            <span className={styles.fieldHint}>(OpenAPI 3.1, JSON)</span>
          </dd>
        </div>
        <div>
          <dt>Postman</dt>
          <dd>
            <a href={specUrl.replace(/openapi\.json$/, "postman-collection.json")} download="crm-api.postman_collection.json">
              Download the Postman collection
            </a>{" "}
            <span className={styles.fieldHint}>(variables baseUrl and apiKey)</span>
          </dd>
        </div>
      </dl>

      <h2 id="authentication" className={styles.sectionTitle}>
        Authentication
      </h2>
      <p>
        Send an API key as a bearer token on every request:{" "}
        <code className={styles.inlineCode}>Authorization: Bearer &lt;API key&gt;</code>.{" "}
        <Link href="/settings/api-keys">Create an API key</Link> in the settings; it is shown only once.
      </p>
      <ApiKeyField apiKey={apiKey} onChange={onApiKeyChange} />
    </section>
  );
}
