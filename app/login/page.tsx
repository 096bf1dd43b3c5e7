import type { Metadata } from "next";
import { LoginForm } from "@/components/auth/login-form.tsx";
import { login } from "./actions.ts";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string }> }) {
  const { callbackUrl } = await searchParams;
  return (
    <main className="center">
      <div className="panel card stack">
        <h1>Sign in</h1>
        <p className="lead">Sign in with your work email and password.</p>
        <LoginForm callbackUrl={callbackUrl ?? "/dashboard"} login={login} />
        <p className="hint">
          Invited by your company? Open the link in your invitation to set your password first. Forgot it? Ask an admin of your company for
          a new link.
        </p>
        {/* Only an install that seeded the demo has credentials to point to. */}
        {process.env.SEED_DEMO !== "false" && (
          <p className="hint">Trying the demo? Its admin&apos;s email and password were printed when the server started.</p>
        )}
      </div>
    </main>
  );
}
