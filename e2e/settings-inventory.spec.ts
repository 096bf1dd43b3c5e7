import { expect, test } from "@playwright/test";
import { demoApiKey, login, loginFresh } from "./fixtures.ts";

/**
 * Settings → Inventory in a browser: the demo's stock (CRM Professional is low: 35 on hand, 30
 * committed on the Initech pilot's line items, reorder level 10), an adjustment that the API then
 * reports, a refused one that keeps what was typed, and activity in the role matrix.
 */
test("an admin sees low stock, adjusts it with a reason, and the API reports the new stock", async ({ page, request }) => {
  await loginFresh(page);
  await page.getByRole("link", { name: "Inventory" }).click();
  await expect(page).toHaveURL(/\/settings\/inventory$/);

  const pro = page.getByRole("row", { name: "CRM Professional" });
  await expect(pro.getByText("Low stock")).toBeVisible();
  await expect(pro.getByRole("cell").nth(2)).toHaveText("30.00");

  // A quantity with three decimals is refused next to its field; what was typed stays.
  const adjust = pro.getByRole("form", { name: "Adjust stock of CRM Professional" });
  await adjust.getByLabel("Quantity").fill("1.234");
  await adjust.getByLabel("Reason").fill("Count");
  await adjust.getByRole("button", { name: "Adjust" }).click();
  await expect(adjust.getByText(/Quantity: must be a number/)).toBeVisible();
  await expect(adjust.getByLabel("Quantity")).toHaveValue("1.234");

  await adjust.getByLabel("Quantity").fill("25");
  await adjust.getByLabel("Reason").fill("Received shipment");
  await adjust.getByRole("button", { name: "Adjust" }).click();
  await expect(page.getByRole("row", { name: "CRM Professional" }).getByRole("cell").nth(1)).toHaveText("60.00");
  await expect(page.getByRole("row", { name: "CRM Professional" }).getByText("Low stock")).toHaveCount(0);

  const headers = { authorization: `Bearer ${demoApiKey()}` };
  const stock = await request.get("/api/v1/inventory?lowStock=false&limit=50", { headers });
  expect(stock.status()).toBe(200);
  const item = ((await stock.json()) as { data: { name: string; product_id: string; on_hand: string }[] }).data.find(
    (i) => i.name === "CRM Professional",
  )!;
  expect(item.on_hand).toBe("60.00");
  const movements = await request.get(`/api/v1/inventory/${item.product_id}/movements`, { headers });
  expect(((await movements.json()) as { data: { reason: string }[] }).data[0]!.reason).toBe("Received shipment");
});

test("the role matrix lists activity beside the objects", async ({ page }) => {
  await loginFresh(page);
  await page.goto("/settings/roles");
  await expect(page.getByRole("row", { name: "Member on activity" })).toBeVisible();
});

test("the role matrix is one form: ticks list the changes, one Save saves them all, Discard puts the boxes back", async ({ page }) => {
  await loginFresh(page);
  await page.goto("/settings/roles");
  const form = page.getByRole("form", { name: "Role permissions" });
  const save = form.getByRole("button", { name: "Save", exact: true });
  await expect(save).toBeDisabled();
  await expect(form.getByText("No unsaved changes.")).toBeVisible();
  await expect(form.getByRole("button", { name: "Save" })).toHaveCount(1);

  await form.getByLabel("Member may delete company").uncheck();
  await form.getByLabel("Member may update lead").uncheck();
  const changes = form.getByRole("list", { name: "Unsaved changes" });
  await expect(changes.getByRole("listitem")).toHaveText(["Member on company: delete off", "Member on lead: update off"]);
  await form.getByRole("button", { name: "Discard changes" }).click();
  await expect(form.getByLabel("Member may delete company")).toBeChecked();
  await expect(save).toBeDisabled();

  await form.getByLabel("Member may delete company").uncheck();
  await form.getByLabel("Member may update lead").uncheck();
  await save.click();
  await expect(form.getByText("Saved 2 changes.")).toBeVisible();
  await page.reload();
  await expect(form.getByLabel("Member may delete company")).not.toBeChecked();
  await expect(form.getByLabel("Member may update lead")).not.toBeChecked();

  // Put the demo back for the tests after this one.
  await form.getByLabel("Member may delete company").check();
  await form.getByLabel("Member may update lead").check();
  await save.click();
  await expect(form.getByText("Saved 2 changes.")).toBeVisible();
});

test("a member whose role may not read products is told so on the inventory page, not shown an error", async ({ browser }) => {
  const admin = await browser.newPage();
  await loginFresh(admin);
  await admin.goto("/settings/roles");
  const matrix = admin.getByRole("form", { name: "Role permissions" });
  const box = (action: string) => matrix.getByLabel(`Member may ${action} product`);
  await box("read").uncheck();
  await matrix.getByRole("button", { name: "Save", exact: true }).click();
  await expect(matrix.getByText("Saved 1 change.")).toBeVisible();

  const member = await browser.newPage();
  await member.goto("/login");
  await login(member, "member@demo.example");
  await expect(member).toHaveURL(/\/dashboard$/);
  const res = await member.goto("/settings/inventory");
  expect(res!.status()).toBe(200);
  await expect(member.getByText("Your role does not allow reading products")).toBeVisible();
  // The record views: what the role may not read is not found (the same page as an unknown object), never an error.
  const product = (
    await (await member.request.get("/api/v1/product?limit=1", { headers: { Authorization: `Bearer ${demoApiKey()}` } })).json()
  ).data[0] as { id: string };
  for (const path of ["/records/product", `/records/product/${product.id}`, "/records/product/new", "/records/nosuch"]) {
    const page = await member.goto(path);
    expect(page!.status(), path).toBe(404);
    await expect(member.getByRole("heading", { name: "Not found" })).toBeVisible();
  }

  // Put the demo back as it was for the tests after this one.
  for (const action of ["read", "create", "update", "delete"]) await box(action).check();
  await matrix.getByRole("button", { name: "Save", exact: true }).click();
  // "Saved 1 change." may still be the first save's: the member's page shows the table once this one lands.
  await expect(async () => {
    await member.goto("/settings/inventory");
    await expect(member.getByRole("table", { name: "Inventory" })).toBeVisible({ timeout: 1000 });
  }).toPass();
});

test("a read-only user sees the stock and reorder levels but is offered no adjustment", async ({ page }) => {
  await page.goto("/login");
  await login(page, "viewer@demo.example");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/settings/inventory");
  const pro = page.getByRole("row", { name: "CRM Professional" });
  await expect(pro.getByRole("cell").nth(4)).toHaveText("10.00");
  await expect(page.getByRole("columnheader", { name: "Adjust" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Adjust|Save/ })).toHaveCount(0);
  await expect(page.getByText(/errors\./)).toHaveCount(0);
});

test("a refusal on a page loaded before the role changed is a sentence, never a message key", async ({ browser }) => {
  const member = await browser.newPage();
  await member.goto("/login");
  await login(member, "member@demo.example");
  await expect(member).toHaveURL(/\/dashboard$/);
  await member.goto("/settings/inventory");
  const adjust = member.getByRole("form", { name: "Adjust stock of CRM Professional" });
  await expect(adjust).toBeVisible();

  const admin = await browser.newPage();
  await loginFresh(admin);
  await admin.goto("/settings/roles");
  const matrix = admin.getByRole("form", { name: "Role permissions" });
  await matrix.getByLabel("Member may update product").uncheck();
  await matrix.getByRole("button", { name: "Save", exact: true }).click();
  await expect(matrix.getByText("Saved 1 change.")).toBeVisible();

  await adjust.getByLabel("Quantity").fill("1");
  await adjust.getByLabel("Reason").fill("Count");
  await adjust.getByRole("button", { name: "Adjust" }).click();
  await expect(adjust.getByRole("alert")).toHaveText("The role of the user behind this credential does not allow this on the object.");
  await expect(member.getByText(/errors\.[a-z]/i)).toHaveCount(0);

  await matrix.getByLabel("Member may update product").check();
  await matrix.getByRole("button", { name: "Save", exact: true }).click();
  // The list of unsaved changes empties once this save (not the first one's note) has landed.
  await expect(matrix.getByRole("list", { name: "Unsaved changes" })).toHaveCount(0);
  await admin.reload();
  await expect(matrix.getByLabel("Member may update product")).toBeChecked();
});
