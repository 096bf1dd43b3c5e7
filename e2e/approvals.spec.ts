import { expect, test } from "@playwright/test";
import { demoApiKey, loginFresh } from "./fixtures.ts";

/**
 * Approvals in the browser: an admin saves a process for opportunities (amount at least 100,000,
 * decided by admins, locking the amount); a deal is submitted for approval from its page, its
 * amount then refuses a change, and the admin approves it from My approvals with a comment.
 */
test("save a process, submit a deal from its page, approve it from My approvals", async ({ page }) => {
  const auth = { Authorization: `Bearer ${demoApiKey()}` };
  const stamp = Date.now().toString(36);

  await loginFresh(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Approvals", exact: true }).click();
  const form = page.getByRole("form", { name: "Save approval process" });
  await form.getByLabel("Object").selectOption("opportunity");
  await form.getByLabel("Name", { exact: true }).fill(`Large deals ${stamp}`);
  // A condition that is no list filter is refused, and what was typed stays.
  await form.getByRole("textbox", { name: "Condition" }).fill("amount:gte:lots");
  await form.getByRole("button", { name: "Save process" }).click();
  await expect(form.getByRole("alert")).toBeVisible();
  await expect(form.getByRole("textbox", { name: "Condition" })).toHaveValue("amount:gte:lots");
  await form.getByRole("textbox", { name: "Condition" }).fill("amount:gte:100000");
  await form.getByLabel("Approver").selectOption({ label: "Everyone with the role Admin" });
  await form.getByRole("button", { name: "Save process" }).click();
  await expect(page.getByRole("table", { name: "Approval processes" })).toContainText(`Large deals ${stamp}`);

  const created = await page.request.post("/api/v1/opportunity", {
    headers: auth,
    data: { name: `Globex expansion ${stamp}`, stage: "proposal", amount: "40000" },
  });
  expect(created.status()).toBe(201);
  const deal = (await created.json()) as { id: string };

  await page.goto(`/records/opportunity/${deal.id}`);
  // Its buttons act through scripts: they must have run first.
  await page.waitForLoadState("networkidle");
  const panel = page.getByRole("region", { name: "Approvals" });
  await expect(panel.getByText("No approval requested.")).toBeVisible();
  await panel.getByRole("button", { name: "Submit for approval" }).click();
  await expect(panel.getByTestId("approval-status")).toContainText("Pending approval");
  await expect(panel.getByTestId("approval-status")).toContainText("amount cannot change");
  const locked = await page.request.patch(`/api/v1/opportunity/${deal.id}`, { headers: auth, data: { amount: "45000" } });
  expect(locked.status()).toBe(400);
  expect(((await locked.json()) as { error: string }).error).toContain("is locked while approval request");

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My approvals" }).click();
  await page.waitForLoadState("networkidle");
  const item = page.getByRole("listitem").filter({ hasText: `Globex expansion ${stamp}` });
  await expect(item).toContainText("40000");
  await item.getByLabel("Comment").fill("Fine by me");
  await item.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("list", { name: "Decided" })).toContainText(`Globex expansion ${stamp} approved`);
  await expect(page.getByRole("list", { name: "Decided" })).toContainText("Fine by me");

  await page.goto(`/records/opportunity/${deal.id}`);
  await expect(panel.getByTestId("approval-status")).toContainText("approved");
  const free = await page.request.patch(`/api/v1/opportunity/${deal.id}`, { headers: auth, data: { amount: "45000" } });
  expect(free.status()).toBe(200);
});
