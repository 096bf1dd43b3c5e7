import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell.tsx";

export default function SettingsLayout({ children }: { children: ReactNode }) {
  return <AppShell returnTo="/settings">{children}</AppShell>;
}
