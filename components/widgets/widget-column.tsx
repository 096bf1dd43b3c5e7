import type { PlacedWidget } from "@/lib/schemas/widgets.ts";
import { WidgetFrame } from "./widget-frame.tsx";

/** The widgets placed on a page, beside its content: record pages name their record, the dashboard none. */
export function WidgetColumn({ widgets, record }: { widgets: PlacedWidget[]; record?: { id: string; objectApiName: string } }) {
  if (widgets.length === 0) return null;
  return (
    <aside className="stack" aria-label="Widgets">
      {widgets.map((w) => (
        <WidgetFrame
          key={w.id}
          title={w.title}
          appName={w.appName}
          embedUrl={w.embedUrl}
          embedOrigin={w.embedOrigin}
          context={{ recordId: record?.id ?? null, objectApiName: record?.objectApiName ?? null, installId: w.installId }}
        />
      ))}
    </aside>
  );
}
