import { expect, test } from "@playwright/test";
import { demoApiKey } from "./fixtures.ts";

test("the API reference renders every operation and can call the API", async ({ page }) => {
  await page.goto("/docs/api");
  await expect(page.getByTestId("operation-objects.list")).toBeVisible();
  await expect(page.getByTestId("operation-objects.describe")).toBeVisible();
  const section = page.getByTestId("operation-objects.list");
  await page.getByLabel(/API key/i).first().fill(demoApiKey());
  await section.getByRole("button", { name: /send/i }).click();
  await expect(section).toContainText("200");
  await expect(section).toContainText('"apiName"');
});
