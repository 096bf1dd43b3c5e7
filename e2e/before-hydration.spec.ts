import { expect, test } from "@playwright/test";
import { demoApiKey, loginFresh } from "./fixtures.ts";

/**
 * A page whose scripts arrive late, as on a slow connection or a loaded machine: a button whose
 * work is a click handler waits, disabled, until React has attached it. A destructive one pressed
 * in the server's HTML posted its form without asking; a handler-only one did nothing.
 */
test("a delete pressed before the page's scripts have run still asks first, and nothing is lost when the answer is no", async ({
  page,
}) => {
  const headers = { Authorization: `Bearer ${demoApiKey()}` };
  // Never called: the URL only has to pass the operator's allowance (loopback, in this suite).
  const url = `http://127.0.0.1:9/before-hydration-${Date.now()}`;
  const created = await page.request.post("/api/v1/webhooks", { headers, data: { url, events: ["record.created"] } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await loginFresh(page);
  await page.route(/\/_next\/static\/chunks\/.*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue();
  });
  const questions: string[] = [];
  page.on("dialog", (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto("/settings/webhooks", { waitUntil: "commit" });
  const remove = page.getByRole("button", { name: `Delete ${url}` });
  await expect(remove).toBeVisible();
  await remove.click();
  await expect.poll(() => questions).toEqual([expect.stringContaining(`Delete the webhook to ${url}`)]);
  expect((await page.request.get(`/api/v1/webhooks/${id}`, { headers })).status()).toBe(200);
  await page.unrouteAll({ behavior: "ignoreErrors" });
  expect((await page.request.delete(`/api/v1/webhooks/${id}`, { headers })).status()).toBe(204);
});
