import { createHmac, timingSafeEqual } from "node:crypto";
import { expect, test } from "@playwright/test";
import { startReceiver, type Receiver } from "../tests/helpers/webhook-receiver.ts";
import { demoApiKey, login } from "./fixtures.ts";

/** Spec 6.3, as a receiver checks it: HMAC-SHA256 of the raw body with the secret, compared in constant time. */
function signatureHolds(secret: string, body: Buffer, header: string | string[] | undefined): boolean {
  const expected = Buffer.from(`sha256=${createHmac("sha256", secret).update(body).digest("hex")}`);
  const given = Buffer.from(typeof header === "string" ? header : "");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

let receiver: Receiver;
test.beforeAll(async () => {
  receiver = await startReceiver();
});
test.afterAll(async () => {
  await receiver.close();
});

test("an admin adds a webhook, copies its secret, and watches signed deliveries arrive, pause and resume", async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/login");
  await login(page);
  await expect(page).toHaveURL(/\/settings$/);
  await page.getByRole("link", { name: "Webhooks", exact: true }).first().click();
  await expect(page).toHaveURL(/\/settings\/webhooks$/);

  // A destination that is not public is refused at once, next to the field.
  const form = page.getByRole("form", { name: "Add webhook" });
  await form.getByLabel("Endpoint URL").fill("http://169.254.169.254/latest/meta-data");
  await form.getByRole("button", { name: "Add webhook" }).click();
  await expect(form.getByText(/Endpoint URL: .*169\.254\.169\.254/)).toBeVisible();

  // record.created and record.updated come preselected.
  await expect(form.getByLabel("record.created")).toBeChecked();
  await expect(form.getByLabel("record.updated")).toBeChecked();
  await expect(form.getByLabel("approval.approved")).not.toBeChecked();
  await form.getByLabel("Endpoint URL").fill(receiver.url);
  await form.getByRole("button", { name: "Add webhook" }).click();
  const shown = page.getByTestId("new-webhook-secret");
  await expect(page.getByText("you will not see it again")).toBeVisible();
  const secret = (await shown.textContent())!.trim();
  expect(secret).toMatch(/^whsec_/);
  await page.getByRole("status", { name: "New webhook secret" }).getByRole("button", { name: "Copy" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await page.reload();
  await expect(page.getByTestId("new-webhook-secret")).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);

  // A record created through the API is delivered, signed, and shows in the log with 200 within a second.
  const headers = { Authorization: `Bearer ${demoApiKey()}` };
  const created = await request.post("/api/v1/contact", { headers, data: { first_name: "Webhook", last_name: "Witness" } });
  expect(created.status()).toBe(201);
  const record = (await created.json()) as { id: string };
  const [got] = await receiver.waitFor(1, 1_000);
  expect(got!.headers["x-service-event"]).toBe("record.created");
  expect(signatureHolds(secret, got!.body, got!.headers["x-service-signature"])).toBe(true);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("delivery-row").first()).toContainText("200");
  }).toPass({ timeout: 1_000 });
  const row = page.getByTestId("delivery-row").first();
  await expect(row).toContainText("record.created");

  // The delivery's detail shows the body that was sent.
  await row.getByRole("link").click();
  await expect(page.getByTestId("delivery-body")).toContainText(record.id);
  await expect(page.getByRole("region", { name: "Request" })).toContainText(got!.headers["x-service-signature"] as string);
  await page.getByRole("button", { name: "Redeliver" }).click();
  await expect(page.getByText("Redelivery sent")).toBeVisible();
  await receiver.waitFor(2, 2_000);
  expect(receiver.received[1]!.body.equals(got!.body)).toBe(true);

  // Paused: nothing is sent, nothing is logged.
  await page.goto("/settings/webhooks");
  await page.getByRole("button", { name: `Pause ${receiver.url}` }).click();
  await expect(page.getByTestId("webhook-row")).toContainText("Paused");
  const logged = await page.getByTestId("delivery-row").count();
  await request.post("/api/v1/contact", { headers, data: { last_name: "While paused" } });
  await page.waitForTimeout(1_000);
  expect(receiver.received).toHaveLength(2);
  await page.reload();
  await expect(page.getByTestId("delivery-row")).toHaveCount(logged);

  // Resumed: the next record is delivered.
  await page.getByRole("button", { name: `Resume ${receiver.url}` }).click();
  await expect(page.getByTestId("webhook-row")).toContainText("Active");
  await request.post("/api/v1/contact", { headers, data: { last_name: "After resume" } });
  await receiver.waitFor(3, 1_000);
  expect(JSON.parse(receiver.received[2]!.body.toString("utf8"))).toMatchObject({ data: { last_name: "After resume" } });

  // An id that is not one is a page that does not exist, not an error.
  expect((await page.goto("/settings/webhooks/not-an-id"))!.status()).toBe(404);
  await page.goto("/settings/webhooks");

  // Deleting asks first.
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: `Delete ${receiver.url}` }).click();
  await expect(page.getByText("No webhooks yet.")).toBeVisible();
});

test("members get no webhooks page", async ({ page }) => {
  await page.goto("/login");
  await login(page, "member@demo.example");
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("link", { name: "Webhooks" })).toHaveCount(0);
  const res = await page.goto("/settings/webhooks");
  expect(res!.status()).toBe(404);
});
