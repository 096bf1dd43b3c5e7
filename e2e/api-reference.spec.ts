import { expect, test, type Page } from "@playwright/test";
import { login } from "./fixtures.ts";

/** Every value the page left in the browser's storage: an API key must never be among them. */
async function storedValues(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [window.sessionStorage, window.localStorage].flatMap((s) =>
      Array.from({ length: s.length }, (_, i) => `${s.key(i)}=${s.getItem(s.key(i)!)}`),
    ),
  );
}

test("signed out, the reference is readable and Try it asks to sign in; signed in, it calls the API as the user without any key", async ({
  page,
}) => {
  await page.goto("/docs/api/objects");
  await expect(page.getByTestId("operation-objects.list")).toBeVisible();
  const describe = page.getByTestId("operation-objects.describe");
  await expect(describe).toContainText("/objects/{apiName}");
  await expect(describe.getByText("$API_KEY")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send request" })).toHaveCount(0);

  // The error shape is described once, in Errors on the overview, and every error response links there.
  await describe.getByText("404", { exact: true }).click();
  await describe.getByRole("link", { name: "Error", exact: true }).first().click();
  await expect(page).toHaveURL(/\/docs\/api#errors$/);
  await expect(page.getByTestId("error-shape").getByText("database_busy", { exact: true })).toBeVisible();
  await expect(page.getByText("database_busy", { exact: true })).toHaveCount(1);
  await page.goBack();

  // The Try it button leads to the sign-in page and back to the area's page.
  await describe.getByRole("link", { name: "Sign in to try it" }).click();
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdocs%2Fapi%2Fobjects$/);
  await login(page);
  await expect(page).toHaveURL(/\/docs\/api\/objects$/);
  await expect(page.getByTestId("try-it-identity")).toContainText("admin@demo.example");

  const list = page.getByTestId("operation-objects.list");
  await list.getByRole("button", { name: "Send request" }).click();
  await expect(list.getByTestId("try-it-status")).toHaveText("200");
  await expect(list.getByTestId("try-it-body")).toContainText('"apiName": "contact"');
  const headers = list.getByTestId("try-it-headers");
  await expect(headers.locator("div", { hasText: "X-RateLimit-Limit" }).locator("dd")).toHaveText("120");
  await expect(headers.locator("div", { hasText: "X-RateLimit-Remaining" }).locator("dd")).toHaveText(/^\d+$/);

  await page.getByTestId("operation-objects.describe").getByLabel("apiName", { exact: true }).fill("contact");
  await page.getByTestId("operation-objects.describe").getByRole("button", { name: "Send request" }).click();
  await expect(page.getByTestId("operation-objects.describe").getByTestId("try-it-body")).toContainText('"apiName": "contact"');

  // No key anywhere: no input for one, nothing stored, curl keeps the variable.
  await expect(page.getByLabel("API key")).toHaveCount(0);
  await expect(page.locator("input[type=password]")).toHaveCount(0);
  expect((await storedValues(page)).filter((v) => v.includes("crm_"))).toEqual([]);
  await expect(page.getByTestId("operation-objects.describe").getByText("$API_KEY")).toBeVisible();
});

test("Try it runs with the user's role: a read-only user's create is refused with errors.permissionDenied", async ({ page }) => {
  await page.goto("/login?callbackUrl=%2Fdocs%2Fapi%2Frecords");
  await login(page, "viewer@demo.example");
  await expect(page).toHaveURL(/\/docs\/api\/records$/);
  const create = page.getByTestId("operation-records.create");
  await create.getByLabel("object", { exact: true }).fill("contact");
  await create.getByLabel("Request body (JSON)").fill('{"last_name": "Not allowed"}');
  await create.getByRole("button", { name: "Send request" }).click();
  await expect(create.getByTestId("try-it-status")).toHaveText("403");
  await expect(create.getByTestId("try-it-body")).toContainText('"error": "errors.permissionDenied"');
});

test("the reference is a page per area, none over 10,000 DOM nodes, with nested fields on demand and a search across every operation", async ({
  page,
}) => {
  const domNodes = () => page.evaluate(() => document.getElementsByTagName("*").length);
  await page.goto("/docs/api");
  const areas = await page
    .getByTestId("api-areas")
    .getByRole("link")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
  expect(areas.length).toBeGreaterThanOrEqual(10);
  expect(await domNodes()).toBeLessThan(10_000);
  for (const href of areas) {
    await page.goto(href);
    await expect(page.locator("main h1")).toBeVisible();
    expect(await domNodes(), href).toBeLessThan(10_000);
  }
  await expect(page.getByRole("link", { name: "Back to the CRM" })).toHaveAttribute("href", "/");

  // A nested shape is rendered once opened.
  await page.goto("/docs/api/webhooks");
  const list = page.getByTestId("operation-webhooks.list");
  const fields = list.getByTestId("schema-fields").first();
  await expect(fields.locator("li")).toHaveCount(0);
  await fields.locator("summary").click();
  await expect(fields.locator("li").first()).toBeVisible();

  // Search finds an operation of another area and goes to it.
  await page.getByTestId("operation-search").fill("bulk create");
  await page
    .getByTestId("operation-search-results")
    .getByRole("link", { name: /Create records in bulk/ })
    .click();
  await expect(page).toHaveURL(/\/docs\/api\/records#records\.bulkCreate$/);
  await expect(page.getByTestId("operation-records.bulkCreate")).toBeVisible();
  await page.getByTestId("operation-search").fill("no such operation anywhere");
  await expect(page.getByTestId("operation-search-results")).toContainText("No operation matches.");
});
