import { expect, test } from "@playwright/test";
import { demoApiKey, loginFresh } from "./fixtures.ts";

/**
 * The embedded default (no SMTP server): a marketing email sent through the API is kept in
 * Settings → Email, labelled as not sent, with its text; its unsubscribe link opens a page that
 * asks once, without signing in, and then nothing more is sent to that person.
 */
test("without SMTP, marketing email waits in the outbox; its unsubscribe page confirms in one click and the person gets nothing more", async ({
  page,
  browser,
}) => {
  const auth = { Authorization: `Bearer ${demoApiKey()}` };
  const stamp = Date.now().toString(36);
  const created = await page.request.post("/api/v1/contact", {
    headers: auth,
    data: { first_name: "Olive", last_name: `Outbox${stamp}`, email: `olive.${stamp}@example.com` },
  });
  expect(created.status()).toBe(201);
  const contact = (await created.json()) as { id: string };
  const body = { recordId: contact.id, objectApiName: "contact", subject: `Spring offer ${stamp}`, body: "Hello {{first_name}}" };
  const sent = await page.request.post("/api/v1/marketing-emails", { headers: auth, data: body });
  expect(sent.status()).toBe(201);
  expect(await sent.json()).toMatchObject({ state: "stored", to: `olive.${stamp}@example.com` });

  await loginFresh(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Email" }).click();
  await expect(page.getByRole("heading", { name: "Email outbox" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: `Spring offer ${stamp}` });
  await expect(row).toContainText("not sent: no SMTP server configured");
  await row.getByText("Text").click();
  const text = (await row.locator("pre").textContent())!;
  expect(text).toContain("Hello Olive");
  const link = /Unsubscribe: (\S+)/.exec(text)![1]!;

  // The person, not signed in, opens the link: one question, one click.
  const stranger = await browser.newPage();
  await stranger.goto(link);
  await expect(stranger.getByRole("heading", { name: "Unsubscribe" })).toBeVisible();
  await expect(stranger.getByText(`olive.${stamp}@example.com`)).toBeVisible();
  await stranger.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(stranger.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
  await stranger.close();

  const again = await page.request.post("/api/v1/marketing-emails", { headers: auth, data: body });
  expect(again.status()).toBe(400);
  const record = await (await page.request.get(`/api/v1/contact/${contact.id}`, { headers: auth })).json();
  expect(record.email_opt_out).toBe(true);
  await page.goto(`/records/contact/${contact.id}`);
  await expect(page.getByRole("table", { name: "Fields" }).getByRole("row", { name: /Unsubscribed from email/ })).toContainText("Yes");
});
