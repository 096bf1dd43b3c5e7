import { describe, expect, it } from "vitest";
import { auditCsv } from "./audit-query.ts";

describe("audit log CSV", () => {
  it("quotes per RFC 4180 and keeps spreadsheet formulas from running", () => {
    const csv = auditCsv([
      {
        id: "0191f7a0-0000-7000-8000-000000000000",
        created_at: new Date("2026-11-27T10:00:00Z"),
        action: "webhook.created",
        actor: { id: null, email: "a@b.example" },
        credential: { kind: "api_key", id: "k", name: '=HYPERLINK("http://evil")' },
        ip: "203.0.113.1",
        target: { type: "webhook", id: "w", label: 'a "quoted", label\nwith a newline' },
        details: { events: ["record.created"] },
      },
    ]);
    expect(csv).toBe(
      "time,action,actor_email,credential_kind,credential_name,ip,target_type,target_id,target_label,details\r\n" +
        '2026-11-27T10:00:00.000Z,webhook.created,a@b.example,api_key,"\'=HYPERLINK(""http://evil"")",203.0.113.1,webhook,w,' +
        '"a ""quoted"", label\nwith a newline","{""events"":[""record.created""]}"\r\n',
    );
  });
});
