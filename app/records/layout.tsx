import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell.tsx";

/** Record pages (the record views grow here): the same signed-in frame as settings. */
export default function RecordsLayout({ children }: { children: ReactNode }) {
  return <AppShell returnTo="/settings">{children}</AppShell>;
}
