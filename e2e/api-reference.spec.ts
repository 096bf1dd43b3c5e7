import { expect, test } from "@playwright/test";
import { demoApiKey } from "./fixtures.ts";

test("the API reference documents every operation and calls the API with a key", async ({ page }) => {
  await page.goto("/docs/api");
  await expect(page.getByTestId("operation-objects.list")).toBeVisible();
  const describe = page.getByTestId("operation-objects.describe");
  await expect(describe).toContainText("/objects/{apiName}");

  await page.getByLabel("API key", { exact: true }).fill(demoApiKey());
  await describe.getByLabel("apiName", { exact: true }).fill("contact");
  await describe.getByRole("button", { name: "Send request" }).click();
  await expect(describe.getByTestId("try-it-status")).toContainText("200");
  await expect(describe.getByTestId("try-it-body")).toContainText('"apiName": "contact"');
  await expect(describe.getByTestId("try-it-headers")).toContainText("X-RateLimit-Remaining");
});
