import { expect, test } from "@playwright/test";
import { login } from "./fixtures.ts";

test("admin logs in, builds a custom object, issues a scoped key, uses it, revokes it", async ({ page, request }) => {
  // A settings page without a session goes to the login page and comes back afterwards.
  await page.goto("/settings/objects");
  await expect(page).toHaveURL(/\/login\?callbackUrl=/);
  await login(page);
  await expect(page).toHaveURL(/\/settings\/objects$/);

  // Custom object with fields.
  await page.getByLabel("Label", { exact: true }).fill("Vehicle");
  await page.getByLabel("Plural label").fill("Vehicles");
  await page.getByLabel("API name").fill("vehicle");
  await page.getByRole("button", { name: "Create object" }).click();
  await expect(page).toHaveURL(/\/settings\/objects\/vehicle$/);
  await expect(page.getByRole("heading", { name: "Vehicle" })).toBeVisible();

  const addField = page.getByRole("form", { name: "Add field" });
  await addField.getByLabel("Label", { exact: true }).fill("Plate");
  await addField.getByLabel("API name").fill("plate");
  await addField.getByLabel("Unique").check();
  await addField.getByRole("button", { name: "Add field" }).click();
  await expect(page.getByTestId("field-plate")).toContainText("unique");

  await addField.getByLabel("Label", { exact: true }).fill("Fuel");
  await addField.getByLabel("API name").fill("fuel");
  await addField.getByLabel("Type").selectOption("select");
  await addField.getByLabel("Options").fill("petrol:Petrol\nelectric:Electric");
  await addField.getByRole("button", { name: "Add field" }).click();
  await expect(page.getByTestId("field-fuel")).toContainText("petrol, electric");

  // Fields can be edited and (custom ones) archived.
  const plate = page.getByTestId("field-plate");
  await plate.getByText("Edit").click();
  await plate.getByLabel("Label").fill("License plate");
  await plate.getByRole("button", { name: "Save field" }).click();
  await expect(plate).toContainText("License plate");
  await addField.getByLabel("Label", { exact: true }).fill("Color");
  await addField.getByLabel("API name").fill("color");
  await addField.getByLabel("Type").selectOption("text");
  await addField.getByRole("button", { name: "Add field" }).click();
  const color = page.getByTestId("field-color");
  await color.getByText("Edit").click();
  // Archiving asks first: declined, the field stays; accepted, it goes.
  page.once("dialog", (d) => void d.dismiss());
  await color.getByRole("button", { name: "Archive field" }).click();
  await expect(color.getByRole("button", { name: "Archive field" })).toBeVisible();
  page.once("dialog", (d) => void d.accept());
  await color.getByRole("button", { name: "Archive field" }).click();
  await expect(page.getByTestId("field-color")).toHaveCount(0);

  // A reserved name is refused with a clear message.
  await addField.getByLabel("Label", { exact: true }).fill("Id");
  await addField.getByLabel("API name").fill("id");
  await addField.getByLabel("Type").selectOption("text");
  await addField.getByRole("button", { name: "Add field" }).click();
  await expect(addField.getByText("API name: is a reserved name")).toBeVisible();

  // A key limited to two objects; the secret is shown exactly once.
  await page.getByRole("link", { name: "API keys" }).click();
  const form = page.getByRole("form", { name: "Generate API key" });
  await form.getByLabel("Name").fill("E2E key");
  await form.getByLabel("Limit to objects").check();
  await form.getByLabel("Vehicle").check();
  await form.getByLabel("Contact").check();
  await form.getByRole("button", { name: "Generate key" }).click();
  const secret = (await page.getByTestId("new-api-key").textContent())!.trim();
  expect(secret).toMatch(/^crm_[A-Za-z0-9_-]{86}$/);
  await page.reload();
  await expect(page.getByTestId("new-api-key")).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);
  const row = page.getByTestId("api-key-E2E key");
  await expect(row).toContainText(secret.slice(0, 12));
  await expect(row).toContainText("objects: contact, vehicle");

  // The key works, within its scope.
  const headers = { Authorization: `Bearer ${secret}` };
  const objects = await request.get("/api/v1/objects", { headers });
  expect(objects.status()).toBe(200);
  expect((await objects.json()).data.map((o: { apiName: string }) => o.apiName).sort()).toEqual(["contact", "vehicle"]);
  const vehicle = await request.get("/api/v1/objects/vehicle", { headers });
  expect((await vehicle.json()).fields.map((f: { apiName: string }) => f.apiName)).toEqual(["name", "plate", "fuel"]);
  expect((await request.get("/api/v1/objects/company", { headers })).status()).toBe(403);

  // Last-used time shows up, then revoking makes the key fail.
  await page.reload();
  await expect(row).not.toContainText("never");
  page.once("dialog", (d) => {
    expect(d.message()).toContain("Revoke the key “E2E key”?");
    void d.accept();
  });
  await row.getByRole("button", { name: "Revoke E2E key" }).click();
  await expect(row).toContainText("Revoked");
  const revoked = await request.get("/api/v1/objects", { headers });
  expect(revoked.status()).toBe(401);
  expect(await revoked.json()).toMatchObject({ error: "Invalid API key" });

  // Logging out ends the session.
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto("/settings/api-keys");
  await expect(page).toHaveURL(/\/login/);
});

test("a wrong password is refused", async ({ page }) => {
  await page.goto("/login");
  await login(page, "admin@demo.example", "not-the-password");
  await expect(page.locator("form [role=alert]")).toHaveText("Invalid email or password");
});

test("members see settings but not the admin forms", async ({ page }) => {
  await page.goto("/login");
  await login(page, "member@demo.example");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/settings/objects");
  await expect(page.getByText("Only admins can change this.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create object" })).toHaveCount(0);
  await page.goto("/settings/roles");
  await expect(page.getByText("Only admins can change this.")).toBeVisible();
});
