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
        <p className="lead">Use the demo credentials printed when the server started.</p>
        <LoginForm callbackUrl={callbackUrl ?? "/settings"} login={login} />
      </div>
    </main>
  );
}
