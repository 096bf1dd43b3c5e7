import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell.tsx";

/** My approvals: the same signed-in frame as the record pages. */
export default function ApprovalsLayout({ children }: { children: ReactNode }) {
  return <AppShell returnTo="/approvals">{children}</AppShell>;
}
