import { createHmac, timingSafeEqual } from "node:crypto";
import { expect, test, type Dialog } from "@playwright/test";
import { startReceiver, type Receiver } from "../tests/helpers/webhook-receiver.ts";
import { demoApiKey, login } from "./fixtures.ts";

/** Spec 6.3, as a receiver checks it: HMAC-SHA256 of the raw body with the secret, compared in constant time. */
function signatureHolds(secret: string, body: Buffer, header: string | string[] | undefined): boolean {
  const expected = Buffer.from(`sha256=${createHmac("sha256", secret).update(body).digest("hex")}`);
  const given = Buffer.from(typeof header === "string" ? header : "");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

let receiver: Receiver;
/** A second webhook's receiver: when it has an event, the dispatcher has handled that event for every webhook. */
let witness: Receiver;
test.beforeAll(async () => {
  receiver = await startReceiver();
  witness = await startReceiver();
});
test.afterAll(async () => {
  await receiver.close();
  await witness.close();
});

test("an admin adds a webhook, copies its secret, watches signed deliveries arrive, pauses, resumes and rotates its secret", async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/login");
  await login(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole("link", { name: "Webhooks", exact: true }).first().click();
  await expect(page).toHaveURL(/\/settings\/webhooks$/);

  // A destination that is not public is refused at once, next to the field; the hint says how to develop a local receiver.
  const form = page.getByRole("form", { name: "Add webhook" });
  await expect(form.getByText(/npx crm listen --forward-to http:\/\/127\.0\.0\.1:4000\/hook/)).toBeVisible();
  await expect(form.getByRole("link", { name: "Events and crm listen" })).toHaveAttribute("href", "/docs/guides/events-and-crm-listen");
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

  // A record created through the API is delivered, signed, and shows in the log with 200 once its result is written.
  const headers = { Authorization: `Bearer ${demoApiKey()}` };
  const hooks = (await (await request.get("/api/v1/webhooks", { headers })).json()) as { data: { id: string; url: string }[] };
  const hookId = hooks.data.find((h) => h.url === receiver.url)!.id;
  const logged = async () =>
    ((await (await request.get(`/api/v1/webhooks/${hookId}/deliveries`, { headers })).json()) as { data: { status: number | null }[] })
      .data;
  const created = await request.post("/api/v1/contact", { headers, data: { first_name: "Webhook", last_name: "Witness" } });
  expect(created.status()).toBe(201);
  const record = (await created.json()) as { id: string };
  const [got] = await receiver.waitFor(1);
  expect(got!.headers["x-service-event"]).toBe("record.created");
  expect(signatureHolds(secret, got!.body, got!.headers["x-service-signature"])).toBe(true);
  await expect.poll(async () => (await logged())[0]?.status).toBe(200);
  await page.reload();
  const row = page.getByTestId("delivery-row").first();
  await expect(row).toContainText("200");
  await expect(row).toContainText("record.created");

  // The delivery's detail shows the body that was sent.
  await row.getByRole("link").click();
  await expect(page.getByTestId("delivery-body")).toContainText(record.id);
  await expect(page.getByRole("region", { name: "Request" })).toContainText(got!.headers["x-service-signature"] as string);
  // The request as sent and the answer as received, side by side in a wide window.
  await page.setViewportSize({ width: 1400, height: 900 });
  const sent = (await page.getByRole("region", { name: "Request" }).boundingBox())!;
  const answer = page.getByRole("region", { name: "Response" });
  await expect(answer).toContainText("200");
  const answered = (await answer.boundingBox())!;
  expect(Math.abs(answered.y - sent.y)).toBeLessThan(2);
  expect(answered.x).toBeGreaterThanOrEqual(sent.x + sent.width);
  await page.getByRole("button", { name: "Redeliver" }).click();
  await expect(page.getByText("Redelivery sent")).toBeVisible();
  await receiver.waitFor(2);
  expect(receiver.received[1]!.body.equals(got!.body)).toBe(true);

  // Paused once the server has saved it, not before: while the action is on its way the row says
  // Active, as the server does, and the button waits; the row says Paused when the server has it.
  const witnessHook = await request.post("/api/v1/webhooks", { headers, data: { url: witness.url, events: ["record.created"] } });
  expect(witnessHook.status()).toBe(201);
  await page.goto("/settings/webhooks");
  const hookRow = page.getByTestId("webhook-row").filter({ hasText: receiver.url });
  const activeOnServer = async () =>
    ((await (await request.get(`/api/v1/webhooks/${hookId}`, { headers })).json()) as { active: boolean }).active;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/settings/webhooks", async (route) => {
    if (route.request().method() === "POST") await released;
    await route.continue();
  });
  const pause = page.getByRole("button", { name: `Pause ${receiver.url}` });
  // A click before the page is hydrated is lost: click until the action is on its way.
  await expect(async () => {
    await pause.click();
    await expect(pause).toBeDisabled({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(hookRow).toContainText("Active");
  expect(await activeOnServer()).toBe(true);
  release();
  await expect(hookRow).toContainText("Paused");
  expect(await activeOnServer()).toBe(false);
  await page.unroute("**/settings/webhooks");

  // Paused: a record created now is sent nothing and logged nothing, once the dispatcher has
  // handled its event (the witness webhook has it).
  await request.post("/api/v1/contact", { headers, data: { last_name: "While paused" } });
  await witness.waitFor(1);
  expect(receiver.received).toHaveLength(2);
  expect(await logged()).toHaveLength(2);

  // Resumed: the next record is delivered.
  await page.getByRole("button", { name: `Resume ${receiver.url}` }).click();
  await expect(hookRow).toContainText("Active");
  await request.post("/api/v1/contact", { headers, data: { last_name: "After resume" } });
  await receiver.waitFor(3);
  expect(JSON.parse(receiver.received[2]!.body.toString("utf8"))).toMatchObject({ data: { last_name: "After resume" } });

  // Rotating the secret asks first and shows the new one once, with Copy; deliveries are then
  // signed with the new secret, and webhook-signature carries the previous one's signature too.
  await hookRow.getByRole("link").click();
  await expect(page.getByRole("heading", { name: receiver.url })).toBeVisible();
  const questions: string[] = [];
  const accept = (dialog: Dialog) => {
    questions.push(dialog.message());
    void dialog.accept();
  };
  page.on("dialog", accept);
  await expect(async () => {
    await page.getByRole("button", { name: "Rotate secret" }).click();
    await expect(page.getByTestId("new-webhook-secret")).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 15_000 });
  page.off("dialog", accept);
  expect(questions[0]).toContain(`Rotate the signing secret of ${receiver.url}?`);
  const rotated = (await page.getByTestId("new-webhook-secret").textContent())!.trim();
  expect(rotated).toMatch(/^whsec_/);
  expect(rotated).not.toBe(secret);
  await page.getByRole("status", { name: "New webhook secret" }).getByRole("button", { name: "Copy" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(rotated);
  await request.post("/api/v1/contact", { headers, data: { last_name: "After rotation" } });
  const [, , , afterRotation] = await receiver.waitFor(4);
  expect(signatureHolds(rotated, afterRotation!.body, afterRotation!.headers["x-service-signature"])).toBe(true);
  expect(signatureHolds(secret, afterRotation!.body, afterRotation!.headers["x-service-signature"])).toBe(false);
  expect((afterRotation!.headers["webhook-signature"] as string).split(" ")).toHaveLength(2);
  await page.reload();
  await expect(page.getByTestId("new-webhook-secret")).toHaveCount(0);
  await expect(page.getByText(rotated)).toHaveCount(0);
  const witnessId = ((await witnessHook.json()) as { id: string }).id;
  expect((await request.delete(`/api/v1/webhooks/${witnessId}`, { headers })).status()).toBe(204);

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
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("link", { name: "Webhooks" })).toHaveCount(0);
  const res = await page.goto("/settings/webhooks");
  expect(res!.status()).toBe(404);
});
