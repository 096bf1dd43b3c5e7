import { expect, test } from "@playwright/test";
import { login } from "./fixtures.ts";

test("an admin finds a key's requests in Settings → API keys → Requests, filters them and finds an error by its requestId", async ({
  page,
  request,
}) => {
  await page.goto("/settings/api-keys");
  await login(page);
  await expect(page).toHaveURL(/\/settings\/api-keys$/);
  const form = page.getByRole("form", { name: "Generate API key" });
  await form.getByLabel("Name").fill("Request log key");
  await form.getByRole("button", { name: "Generate key" }).click();
  const secret = (await page.getByTestId("new-api-key").textContent())!.trim();
  const headers = { Authorization: `Bearer ${secret}` };

  expect((await request.get("/api/v1/contact?limit=1", { headers })).status()).toBe(200);
  const missing = await request.get("/api/v1/contact/00000000-0000-4000-8000-000000000000", { headers });
  expect(missing.status()).toBe(404);
  const { requestId } = (await missing.json()) as { requestId: string };

  await page.reload();
  await page.getByRole("link", { name: "Requests of Request log key" }).click();
  await expect(page.getByRole("heading", { name: "Requests of “Request log key”" })).toBeVisible();
  const table = page.getByRole("table", { name: "Requests of Request log key" });
  // Lines are written a moment after their requests.
  await expect(async () => {
    await page.reload();
    await expect(table.getByRole("row")).toHaveCount(3);
  }).toPass({ timeout: 15_000 });
  await expect(table).toContainText("/api/v1/contact");

  await page.getByLabel("Status").selectOption("4xx");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText("404");
  await expect(table).toContainText("not_found");

  await page.getByLabel("Status").selectOption("");
  await page.getByLabel("Request id").fill(requestId);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText(requestId);
});
