import Link from "next/link";
import { usePathname } from "next/navigation";
import { API_CONSOLE_RATE_LIMIT } from "@/lib/auth/principal.ts";
import { CopyButton } from "./copy-button.tsx";
import type { ApiSpec } from "./openapi-types.ts";
import { RichText } from "./rich-text.tsx";
import { SchemaView } from "./schema-view.tsx";
import { signInToTry, type TryItSession } from "./try-it-panel.tsx";
import styles from "./api-reference.module.css";

interface IntroSectionProps {
  spec: ApiSpec;
  specUrl: string;
  session: TryItSession | null;
}

export function IntroSection({ spec, specUrl, session }: IntroSectionProps) {
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
        Send an API key as a bearer token on every request: <code className={styles.inlineCode}>Authorization: Bearer &lt;API key&gt;</code>
        . <Link href="/settings/api-keys">Create an API key</Link> in the settings; it is shown only once. Keys belong on your servers,
        never in a browser.
      </p>
      <TryItIdentity session={session} />

      {spec.schemas.Error !== undefined && (
        <>
          <h2 id="errors" className={styles.sectionTitle}>
            Errors
          </h2>
          <p>
            Every error answers with this object; each operation lists its statuses and what each one means. Programs act on{" "}
            <code className={styles.inlineCode}>code</code>; <code className={styles.inlineCode}>message</code> is for people; quote{" "}
            <code className={styles.inlineCode}>requestId</code> when reporting a problem.
          </p>
          <div data-testid="error-shape">
            <SchemaView schema={spec.schemas.Error} components={spec.schemas} />
          </div>
        </>
      )}
    </section>
  );
}

/** Who Try it acts as, or how to sign in: on the overview and on every area's page. */
export function TryItIdentity({ session }: { session: TryItSession | null }) {
  const pathname = usePathname() ?? undefined;
  return (
    <p className={styles.consoleNote} data-testid="try-it-identity">
      {session ? (
        <>
          Try it sends requests as you, <strong>{session.email}</strong>, through your signed-in session: your role decides what is allowed,
          and they count against your own limit of {API_CONSOLE_RATE_LIMIT} requests per minute. No API key is needed or kept on this page.
        </>
      ) : (
        <>
          Try it sends requests as the signed-in user, with no API key in the browser. <Link href={signInToTry(pathname)}>Sign in</Link> to
          try requests; reading this reference needs no account.
        </>
      )}
    </p>
  );
}
