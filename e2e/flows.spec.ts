import { expect, test, type Page } from "@playwright/test";
import { demoApiKey, loginFresh } from "./fixtures.ts";

/**
 * Settings → Flows in the browser: an admin builds a flow (email, wait, task), activates it,
 * enrolls a contact from its page and two more from a list selection; the server's flow-steps
 * job sends the email step (kept in the outbox without SMTP) and the record page shows the
 * enrollment waiting at step 2, where it is stopped.
 */
test("build and activate a flow, enroll from the record page and from a list selection, see its email in the outbox, stop it", async ({
  page,
}) => {
  const auth = { Authorization: `Bearer ${demoApiKey()}` };
  const stamp = Date.now().toString(36);
  const contact = async (first: string) => {
    const res = await page.request.post("/api/v1/contact", {
      headers: auth,
      data: { first_name: first, last_name: `Flow${stamp}`, email: `${first.toLowerCase()}.${stamp}@example.com` },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const ada = await contact("Ada");
  await contact("Bea");
  await contact("Cy");

  await loginFresh(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Flows" }).click();
  await expect(page.getByRole("heading", { name: "Flows", level: 1 })).toBeVisible();
  // The steps editor works in the browser: its scripts must have run before it is used.
  await page.waitForLoadState("networkidle");
  const form = page.getByRole("form", { name: "New flow" });
  await form.getByLabel("Name", { exact: true }).fill(`Welcome ${stamp}`);
  const first = form.getByRole("listitem", { name: "Step 1: Send email" });
  await first.getByLabel("Subject").fill(`Welcome {{first_name}} ${stamp}`);
  await first.getByLabel(/^Body/).fill("Hello {{first_name}},\n\nglad you are here.");
  await form.getByRole("button", { name: "+ Wait" }).click();
  await form.getByRole("button", { name: "+ Create task" }).click();
  await form.getByRole("listitem", { name: "Step 3: Create task" }).getByLabel("Task").fill("Call {{first_name}}");
  // A refused submit (a name of spaces only) keeps the steps as typed.
  await form.getByLabel("Name", { exact: true }).fill("   ");
  await form.getByRole("button", { name: "Create flow" }).click();
  await expect(form.getByRole("alert")).toContainText("Not saved");
  await expect(first.getByLabel("Subject")).toHaveValue(`Welcome {{first_name}} ${stamp}`);
  await expect(form.getByRole("listitem", { name: "Step 3: Create task" }).getByLabel("Task")).toHaveValue("Call {{first_name}}");
  await form.getByLabel("Name", { exact: true }).fill(`Welcome ${stamp}`);
  await form.getByRole("button", { name: "Create flow" }).click();

  await expect(page.getByRole("heading", { name: `Welcome ${stamp}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId("flow-status")).toHaveText("paused");
  await page.getByRole("button", { name: "Activate" }).click();
  await expect(page.getByTestId("flow-status")).toHaveText("active");

  // From the record page.
  await page.goto(`/records/contact/${ada}`);
  await page.waitForLoadState("networkidle");
  const panel = page.getByRole("region", { name: "Flows" });
  await panel.getByRole("combobox", { name: "Flow", exact: true }).selectOption({ label: `Welcome ${stamp}` });
  await panel.getByRole("button", { name: "Enroll" }).click();
  await expect(panel.getByText("Enrolled.")).toBeVisible();
  // The job runs the email step at once; the enrollment then waits at step 2.
  await expectEventually(
    page,
    async () => {
      await page.reload();
      return (await panel.getByRole("list", { name: "Enrollments" }).textContent()) ?? "";
    },
    /step 2 of 3/,
  );

  // From a list selection: the two others.
  await page.goto(`/records/contact?search=Flow${stamp}`);
  await page.getByRole("checkbox", { name: `Select Bea Flow${stamp}` }).check();
  await page.getByRole("checkbox", { name: `Select Cy Flow${stamp}` }).check();
  await page.getByRole("combobox", { name: "Flow", exact: true }).selectOption({ label: `Welcome ${stamp}` });
  await page.getByRole("button", { name: "Enroll selected in flow (2)" }).click();
  await expect(page.getByRole("status")).toHaveText("2 done.");

  // The email step's messages wait in the outbox (no SMTP server here).
  await page.goto("/settings/email");
  await expectEventually(
    page,
    async () => {
      await page.reload();
      return String(await page.getByRole("row").filter({ hasText: stamp }).count());
    },
    /^3$/,
  );
  const row = page.getByRole("row").filter({ hasText: `Welcome Ada ${stamp}` });
  await expect(row).toContainText("not sent: no SMTP server configured");
  await expect(row).toContainText("flow");

  // Stopped from the record page, after a confirmation (its button acts once the page's scripts have run).
  await page.goto(`/records/contact/${ada}`);
  await page.waitForLoadState("networkidle");
  page.once("dialog", (d) => void d.accept());
  await panel.getByRole("button", { name: "Stop" }).click();
  await expect(panel.getByRole("list", { name: "Enrollments" })).toContainText("stopped");

  // The flow's page lists all three.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Flows" }).click();
  await page.getByRole("link", { name: `Welcome ${stamp}` }).click();
  await expect(page.getByRole("table", { name: "Enrollments" }).getByRole("row")).toHaveCount(4);
});

async function expectEventually(page: Page, read: () => Promise<string>, pattern: RegExp): Promise<void> {
  const deadline = Date.now() + 15_000;
  let last = "";
  while (Date.now() < deadline) {
    last = await read();
    if (pattern.test(last)) return;
    await page.waitForTimeout(300);
  }
  expect(last).toMatch(pattern);
}
