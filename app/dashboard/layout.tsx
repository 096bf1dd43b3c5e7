import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell.tsx";

export default function DashboardLayout({ children }: { children: ReactNode }) {
  return <AppShell returnTo="/dashboard">{children}</AppShell>;
}
