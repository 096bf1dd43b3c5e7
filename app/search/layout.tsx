import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell.tsx";

export default function SearchLayout({ children }: { children: ReactNode }) {
  return <AppShell returnTo="/search">{children}</AppShell>;
}
