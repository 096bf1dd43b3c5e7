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
  await expect(page.getByRole("form", { name: "Member on activity" })).toBeVisible();
});

test("a member whose role may not read products is told so on the inventory page, not shown an error", async ({ browser }) => {
  const admin = await browser.newPage();
  await loginFresh(admin);
  await admin.goto("/settings/roles");
  const grant = admin.getByRole("form", { name: "Member on product" });
  await grant.getByLabel("read").uncheck();
  await grant.getByRole("button", { name: "Save" }).click();
  await expect(grant.getByText("Saved.")).toBeVisible();

  const member = await browser.newPage();
  await member.goto("/login");
  await login(member, "member@demo.example");
  await expect(member).toHaveURL(/\/settings$/);
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
  await grant.getByLabel("read").check();
  for (const action of ["create", "update", "delete"]) await grant.getByLabel(action).check();
  await grant.getByRole("button", { name: "Save" }).click();
  // "Saved." may still be the first save's: the member's page shows the table once this one lands.
  await expect(async () => {
    await member.goto("/settings/inventory");
    await expect(member.getByRole("table", { name: "Inventory" })).toBeVisible({ timeout: 1000 });
  }).toPass();
});
