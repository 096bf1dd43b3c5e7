import Link from "next/link";

export default function Home() {
  return (
    <main className="center">
      <div className="panel card stack">
        <h1>CRM</h1>
        <p className="lead">REST API v1, OAuth, MCP and webhooks over every object of your CRM.</p>
        <a className="button" href="/dashboard">
          Open the CRM
        </a>
        <Link className="button secondary" href="/settings">
          Settings
        </Link>
        <Link className="button secondary" href="/docs/api">
          API reference
        </Link>
      </div>
    </main>
  );
}
