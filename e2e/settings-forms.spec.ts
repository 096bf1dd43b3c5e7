import { expect, test } from "@playwright/test";
import { demoApiKey, loginFresh } from "./fixtures.ts";

// Refused submits change nothing in the demo tenant; the currency test adds one field of its own.

test("adding a field with several bad inputs shows every error next to its input, by label, and keeps what was typed", async ({ page }) => {
  await loginFresh(page);
  await page.goto("/settings/objects/contact");
  const form = page.getByRole("form", { name: "Add field" });
  await form.getByLabel("Label", { exact: true }).fill("   ");
  await form.getByLabel("API name").fill("ab__");
  await form.getByLabel("Type").selectOption("select");
  await form.getByLabel("Options").fill("new:New\nwon:Won\n:Lost");
  await form.getByRole("button", { name: "Add field" }).click();

  await expect(form.getByRole("alert")).toHaveText("Not saved: 3 problems, shown next to their fields.");
  await expect(form.getByText("Label: is required")).toBeVisible();
  await expect(form.getByText("API name: may not end with _ or contain __")).toBeVisible();
  await expect(form.getByText("Option 3 value: option value is required")).toBeVisible();
  await expect(page.getByText("field.")).toHaveCount(0);
  // Each message describes its input.
  await expect(form.getByLabel("Options")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Options")).toHaveAccessibleDescription(/Option 3 value: option value is required/);

  await expect(form.getByLabel("Label", { exact: true })).toHaveValue("   ");
  await expect(form.getByLabel("API name")).toHaveValue("ab__");
  await expect(form.getByLabel("Type")).toHaveValue("select");
  await expect(form.getByLabel("Options")).toHaveValue("new:New\nwon:Won\n:Lost");
});

test("a refused object edit keeps the typed values and names the field", async ({ page }) => {
  await loginFresh(page);
  await page.goto("/settings/objects/contact");
  const form = page.getByRole("form", { name: "Edit object" });
  await form.getByLabel("Label", { exact: true }).fill("  ");
  await form.getByLabel("Description").fill("People we talk to");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("Label: is required")).toBeVisible();
  await expect(form.getByLabel("Label", { exact: true })).toHaveValue("  ");
  await expect(form.getByLabel("Description")).toHaveValue("People we talk to");
});

test("generating a key with a blank name and no object listed shows both errors and keeps the choices", async ({ page }) => {
  await loginFresh(page);
  await page.goto("/settings/api-keys");
  const form = page.getByRole("form", { name: "Generate API key" });
  await form.getByLabel("Name").fill("   ");
  await form.getByLabel("Read only").check();
  await form.getByLabel("Limit to objects").check();
  await form.getByLabel("Requests per minute").fill("77");
  await form.getByRole("button", { name: "Generate key" }).click();

  await expect(form.getByText("Name: is required")).toBeVisible();
  await expect(form.getByText("Objects: list at least one object, or leave the key unrestricted")).toBeVisible();
  await expect(page.getByTestId("new-api-key")).toHaveCount(0);
  await expect(form.getByLabel("Name")).toHaveValue("   ");
  await expect(form.getByLabel("Read only")).toBeChecked();
  await expect(form.getByLabel("Limit to objects")).toBeChecked();
  await expect(form.getByLabel("Requests per minute")).toHaveValue("77");
});

test("registering an app with bad URIs and scopes names each entry by its number", async ({ page }) => {
  await loginFresh(page);
  await page.goto("/settings/apps");
  const form = page.getByRole("form", { name: "Register app" });
  await form.getByLabel("Name").fill("Broken app");
  await form.getByLabel("Redirect URIs").fill("ftp://files.example.com/cb\nhttps://ok.example.com/cb#frag");
  await form.getByLabel("Scopes the app may request").fill("records:read no:such");
  await form.getByRole("button", { name: "Register app" }).click();

  await expect(form.getByText("Redirect URI 1: must use https; http only on a loopback IP address", { exact: false })).toBeVisible();
  await expect(form.getByText("Redirect URI 2: must not contain a fragment (#)", { exact: false })).toBeVisible();
  await expect(form.getByText("Scope 2: is not a known scope")).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveValue("Broken app");
  await expect(form.getByLabel("Redirect URIs")).toHaveValue("ftp://files.example.com/cb\nhttps://ok.example.com/cb#frag");
  await expect(form.getByLabel("Scopes the app may request")).toHaveValue("records:read no:such");
});

test("an unknown object is a 404 page inside the settings frame", async ({ page }) => {
  await loginFresh(page);
  const response = await page.goto("/settings/objects/nosuch");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await page.getByRole("link", { name: "Objects & fields" }).last().click();
  await expect(page).toHaveURL(/\/settings\/objects$/);
});

test("a currency field gets the decimal places chosen in the form, and the API returns values with exactly those", async ({
  page,
  request,
}) => {
  await loginFresh(page);
  await page.goto("/settings/objects/opportunity");
  const form = page.getByRole("form", { name: "Add field" });
  const apiName = `fee_${Date.now()}`;
  await form.getByLabel("Label", { exact: true }).fill("Fee");
  await form.getByLabel("API name").fill(apiName);
  await form.getByLabel("Type").selectOption("currency");
  await expect(form.getByLabel("Decimal places")).toHaveValue("2");
  await form.getByLabel("Decimal places").selectOption("0");
  await form.getByRole("button", { name: "Add field" }).click();
  await expect(form.getByText("Field added.")).toBeVisible();

  const headers = { Authorization: `Bearer ${demoApiKey()}` };
  const described = await (await request.get("/api/v1/objects/opportunity", { headers })).json();
  expect(described.fields.find((f: { apiName: string }) => f.apiName === apiName)).toMatchObject({ type: "currency", scale: 0 });
  const created = await request.post("/api/v1/opportunity", {
    headers,
    data: { name: "Scale test", stage: "proposal", [apiName]: "1200" },
  });
  expect(created.status()).toBe(201);
  expect((await created.json())[apiName]).toBe("1200");
});
