"use client";
import { useId } from "react";
import { EVENT_GROUPS } from "@/lib/schemas/event-names.ts";
import { FieldMessages, useFieldMessages } from "@/components/ui/field.tsx";

const GROUP_NAMES: Record<keyof typeof EVENT_GROUPS, string> = {
  records: "Records",
  flows: "Cadences and flows",
  approvals: "Approvals",
};

/** The event catalog as checkboxes, grouped as the spec groups it (6.1), all named `events`. */
export function WebhookEvents({ checked }: { checked: readonly string[] }) {
  const messages = useFieldMessages("events", "Events", "Event");
  const errorId = useId();
  return (
    <div className="stack" aria-describedby={messages.length ? errorId : undefined}>
      {(Object.keys(EVENT_GROUPS) as (keyof typeof EVENT_GROUPS)[]).map((group) => (
        <fieldset key={group} className="row">
          <legend className="hint">{GROUP_NAMES[group]}</legend>
          {EVENT_GROUPS[group].map((event) => (
            <label key={event} className="inline mono">
              <input type="checkbox" name="events" value={event} defaultChecked={checked.includes(event)} /> {event}
            </label>
          ))}
        </fieldset>
      ))}
      <FieldMessages id={errorId} messages={messages} />
    </div>
  );
}
