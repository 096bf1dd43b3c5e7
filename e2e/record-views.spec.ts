import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { demoApiKey, login } from "./fixtures.ts";

/**
 * The record views in Chromium, as a member (who may do everything) and as a read-only user (who
 * sees no control to change anything, and whose replayed server action is refused): list, search,
 * filters, order, paging and total; create; inline edit with a refusal that keeps the input; trash
 * with confirmation, the trash view and restore; the activity timeline; the 404 page.
 */
const MEMBER = "member@demo.example";
const VIEWER = "viewer@demo.example";
const marker = `Pw${Date.now().toString(36)}`;

async function signIn(page: Page, email: string) {
  await page.goto("/login");
  await login(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
}

test.beforeAll(async ({ request }) => {
  // 30 contacts with a job title only they have: a filter finds exactly them, two pages of 25.
  const response = await request.post("/api/v1/contact/bulk", {
    headers: { Authorization: `Bearer ${demoApiKey()}` },
    data: {
      records: Array.from({ length: 30 }, (_, i) => ({
        first_name: `Pat${String(i).padStart(2, "0")}`,
        last_name: `${marker}Person`,
        job_title: marker,
      })),
    },
  });
  expect(response.status()).toBe(200);
  expect((await response.json()).created).toBe(30);
});

test("a member lists, filters, orders and pages records with the exact total, creates one, edits it inline and trashes and restores it", async ({
  page,
}) => {
  await signIn(page, MEMBER);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contacts" }).click();
  await expect(page).toHaveURL(/\/records\/contact$/);
  await expect(page.getByRole("link", { name: "Contacts" })).toHaveAttribute("aria-current", "page");

  // Filter with the API's syntax, built from the form.
  const add = page.getByRole("form", { name: "Add filter" });
  await add.getByLabel("Field").selectOption("job_title");
  await add.getByLabel("Operator").selectOption("eq");
  await add.getByLabel("Value").fill(marker);
  await add.getByRole("button", { name: "Add filter" }).click();
  await expect(page).toHaveURL(new RegExp(`filter=job_title%3Aeq%3A${marker}`));
  await expect(page.getByRole("list", { name: "Filters" })).toContainText(`job_title:eq:${marker}`);
  const pages = page.getByRole("navigation", { name: "Pages" });
  await expect(pages).toContainText("1–25 of 30");
  // Export: the filtered view, every page of it, as CSV with the API's column names.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const csv = readFileSync((await (await download).path())!, "utf8")
    .trimEnd()
    .split("\r\n");
  expect(csv[0]!.split(",").slice(0, 4)).toEqual(["id", "first_name", "last_name", "email"]);
  expect(csv).toHaveLength(31);
  expect(csv.slice(1).every((line) => line.includes(`${marker}Person`))).toBe(true);
  // The Name column shows the name once (no First name or Last name column beside it) and orders by it.
  await expect(page.getByRole("columnheader", { name: /^(First|Last) name/ })).toHaveCount(0);
  await page.getByRole("link", { name: /^Name/ }).click();
  await expect(page).toHaveURL(/order=first_name%3Aasc/);
  const table = page.getByRole("table", { name: "Contacts" });
  await expect(table.getByRole("row").nth(1)).toContainText("Pat00");
  await pages.getByRole("link", { name: "Next →" }).click();
  await expect(pages).toContainText("26–30 of 30");
  await expect(table.getByRole("row").nth(1)).toContainText("Pat25");
  await page.getByRole("link", { name: /^Name/ }).click();
  await expect(page).toHaveURL(/order=first_name%3Adesc/);
  await expect(table.getByRole("row").nth(1)).toContainText("Pat29");

  // Search narrows within the filter; a bad filter is shown as the API's refusal, not a crash.
  await page.getByRole("searchbox", { name: "Search", exact: true }).fill("Pat07");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(pages).toContainText("1–1 of 1");
  await page.goto("/records/contact?filter=nosuch:eq:1");
  await expect(page.getByText("filter 'nosuch:eq:1': unknown field 'nosuch'")).toBeVisible();

  // Create: a refusal names the field and keeps what was typed.
  await page.goto("/records/contact");
  await page.getByRole("link", { name: "New contact" }).click();
  const create = page.getByRole("form", { name: "New contact" });
  await create.getByLabel("First name").fill("Quinn");
  await create.getByLabel("Email", { exact: true }).fill("not-an-email");
  await create.getByRole("button", { name: "Create" }).click();
  await expect(create.getByText("Last name: is required")).toBeVisible();
  await expect(create.getByText(/Email: must be a valid email address/)).toBeVisible();
  // Each error is tied to its input, and the keyboard is taken to the first one.
  const lastName = create.getByLabel("Last name");
  await expect(lastName).toBeFocused();
  await expect(lastName).toHaveAttribute("aria-invalid", "true");
  await expect(lastName).toHaveAccessibleDescription(/Last name: is required/);
  await expect(create.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(create.getByLabel("First name")).not.toHaveAttribute("aria-invalid");
  await expect(create.getByLabel("First name")).toHaveValue("Quinn");
  await expect(create.getByLabel("Email", { exact: true })).toHaveValue("not-an-email");
  await create.getByLabel("Last name").fill(`${marker}Created`);
  await create.getByLabel("Email", { exact: true }).fill(`quinn.${marker.toLowerCase()}@example.com`);
  await create.getByLabel("Lifecycle stage").selectOption("customer");
  await create.getByRole("button", { name: "Create" }).click();
  await expect(page).toHaveURL(/\/records\/contact\/[0-9a-f-]{36}$/);
  const recordUrl = page.url();
  await expect(page.getByRole("heading", { name: `Contact: Quinn ${marker}Created` })).toBeVisible();
  const fields = page.getByRole("table", { name: "Fields" });
  await expect(fields.getByRole("row", { name: /Lifecycle stage/ })).toContainText("Customer");
  await expect(fields.getByRole("row", { name: /Full name/ })).toContainText(`Quinn ${marker}Created (computed)`);

  // Inline edit: a refused save keeps the input and says which field; a good one shows the new value.
  const edit = page.getByRole("form", { name: "Edit record" });
  // "Edit" works once the page is hydrated: a click before that is lost, so it is clicked until the form opens.
  await expect(async () => {
    await page.getByRole("button", { name: "Edit" }).click();
    await expect(edit).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(edit.getByLabel("Full name")).toHaveCount(0);
  await edit.getByLabel("Job title").fill("Head of Trials");
  await edit.getByLabel("Email", { exact: true }).fill("still wrong");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit.getByText(/Email: must be a valid email address/)).toBeVisible();
  await expect(edit.getByLabel("Job title")).toHaveValue("Head of Trials");
  await expect(edit.getByLabel("Email", { exact: true })).toHaveValue("still wrong");
  await edit.getByLabel("Email", { exact: true }).fill(`quinn2.${marker.toLowerCase()}@example.com`);
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(fields.getByRole("row", { name: /Job title/ })).toContainText("Head of Trials");
  await expect(fields.getByRole("row", { name: /Email/ })).toContainText(`quinn2.${marker.toLowerCase()}@example.com`);

  // The timeline: log a task, complete it.
  const timeline = page.getByRole("region", { name: "Activity timeline" });
  const log = timeline.getByRole("form", { name: "Log activity" });
  await log.getByLabel("Subject").fill("Send the trial contract");
  await log.getByRole("button", { name: "Log activity" }).click();
  const entry = timeline.getByRole("listitem").filter({ hasText: "Send the trial contract" });
  await expect(entry).toBeVisible();
  await entry.getByRole("button", { name: "Complete Send the trial contract" }).click();
  await expect(entry.getByRole("button", { name: "Reopen Send the trial contract" })).toBeVisible();
  await expect(entry).toContainText("completed");

  // Trash asks first; cancelling keeps the record, confirming moves it to the trash.
  page.once("dialog", (d) => d.dismiss());
  await page.getByRole("button", { name: "Move to trash" }).click();
  await expect(page).toHaveURL(recordUrl);
  page.once("dialog", (d) => d.accept());
  await page.getByRole("button", { name: "Move to trash" }).click();
  await expect(page).toHaveURL(/\/records\/contact\?view=trash$/);
  const trash = page.getByRole("table", { name: "Contacts in the trash" });
  await expect(trash).toContainText(`Quinn ${marker}Created`);
  expect((await page.goto(recordUrl))?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();

  await page.goto("/records/contact?view=trash");
  await trash.getByRole("checkbox", { name: `Select Quinn ${marker}Created` }).check();
  await page.getByRole("button", { name: "Restore selected (1)" }).click();
  await expect(page.getByText(`Quinn ${marker}Created`)).toHaveCount(0);
  expect((await page.goto(recordUrl))?.status()).toBe(200);

  // Bulk trash from the list, after a confirmation.
  await page.goto(`/records/contact?filter=job_title:eq:${marker}&order=first_name:asc`);
  const list = page.getByRole("table", { name: "Contacts" });
  await list.getByRole("checkbox", { name: /Select Pat00/ }).check();
  await list.getByRole("checkbox", { name: /Select Pat01/ }).check();
  page.once("dialog", (d) => {
    expect(d.message()).toContain("Move 2 records to the trash?");
    void d.accept();
  });
  await page.getByRole("button", { name: "Move selected to trash (2)" }).click();
  await expect(page.getByRole("status")).toContainText("2 done");
  await page.reload();
  await expect(pages).toContainText("of 28");
});

test("a read-only user sees records without any control to change them, and a replayed server action is refused", async ({
  page,
  browser,
}) => {
  // A member's create, captured as the browser sends it (the server action's id and body).
  await signIn(page, MEMBER);
  await page.goto("/records/contact/new");
  const create = page.getByRole("form", { name: "New contact" });
  await create.getByLabel("Last name").fill(`${marker}Member`);
  const [posted] = await Promise.all([
    page.waitForRequest((r) => r.method() === "POST" && r.headers()["next-action"] !== undefined),
    create.getByRole("button", { name: "Create" }).click(),
  ]);
  await expect(page).toHaveURL(/\/records\/contact\/[0-9a-f-]{36}$/);
  const recordUrl = page.url();

  const viewer = await browser.newPage();
  await signIn(viewer, VIEWER);
  await viewer.goto("/records/contact");
  await expect(viewer.getByRole("table", { name: "Contacts" })).toBeVisible();
  await expect(viewer.getByRole("link", { name: "New contact" })).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: /Move selected to trash/ })).toHaveCount(0);
  await expect(viewer.getByRole("checkbox")).toHaveCount(0);
  expect((await viewer.goto("/records/contact/new"))?.status()).toBe(404);

  await viewer.goto(recordUrl);
  await expect(viewer.getByRole("heading", { name: `Contact: ${marker}Member` })).toBeVisible();
  await expect(viewer.getByRole("button", { name: "Edit" })).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: "Move to trash" })).toHaveCount(0);
  await expect(viewer.getByRole("form", { name: "Log activity" })).toHaveCount(0);
  await expect(viewer.getByRole("form", { name: "Upload a file" })).toHaveCount(0);

  // The member's create action replayed with the viewer's session (from a page of ours, so past the
  // origin check): refused, nothing created.
  const replay = await viewer.request.post(posted.url(), {
    headers: {
      origin: new URL(posted.url()).origin,
      "next-action": posted.headers()["next-action"]!,
      "content-type": posted.headers()["content-type"]!,
      accept: "text/x-component",
    },
    data: posted.postDataBuffer()!,
  });
  expect(replay.status()).toBe(200);
  expect(await replay.text()).toContain("does not allow this on the object");
  const count = await viewer.request.get(`/api/v1/contact?filter=last_name:eq:${marker}Member`, {
    headers: { Authorization: `Bearer ${demoApiKey()}` },
  });
  expect((await count.json()).total).toBe(1);
  await viewer.close();
});

test("an opportunity's page adds and removes product lines, with totals, and its amount follows the total", async ({ page }) => {
  const auth = { Authorization: `Bearer ${demoApiKey()}` };
  const created = await page.request.post("/api/v1/opportunity", { headers: auth, data: { name: `${marker} deal`, stage: "prospecting" } });
  expect(created.status()).toBe(201);
  const deal = (await created.json()) as { id: string };
  const product = (await (await page.request.get("/api/v1/product?limit=1&order=name:asc", { headers: auth })).json()).data[0] as {
    id: string;
    name: string;
  };

  await signIn(page, MEMBER);
  await page.goto(`/records/opportunity/${deal.id}`);
  const panel = page.getByRole("region", { name: "Line items" });
  await expect(panel.getByText("No product on this opportunity yet.")).toBeVisible();
  const add = panel.getByRole("form", { name: "Add line item" });
  await add.getByLabel("Quantity").fill("0");
  await add.getByLabel("Product").selectOption(product.id);
  await add.getByRole("button", { name: "Add line" }).click();
  await expect(add.getByText(/Quantity: /)).toBeVisible();
  await expect(add.getByLabel("Quantity")).toHaveValue("0");
  await add.getByLabel("Quantity").fill("2");
  await add.getByLabel("Discount %").fill("10");
  await add.getByRole("button", { name: "Add line" }).click();
  const line = panel.getByRole("table", { name: "Lines" }).getByRole("row").filter({ hasText: product.name });
  await expect(line).toBeVisible();
  const total = (await panel.getByTestId("lines-total").textContent())!.trim();
  expect(Number(total)).toBeGreaterThan(0);
  await expect(page.getByRole("table", { name: "Fields" }).getByRole("row", { name: /Amount/ })).toContainText(total);

  page.once("dialog", (d) => d.accept());
  await line.getByRole("button", { name: `Remove ${product.name}` }).click();
  await expect(panel.getByText("No product on this opportunity yet.")).toBeVisible();
  await expect(page.getByRole("table", { name: "Fields" }).getByRole("row", { name: /Amount/ })).toContainText("0.00");
});

test("lookups are names: linked in lists and on record pages, chosen by searching, never a pasted id", async ({ page, request }) => {
  const headers = { Authorization: `Bearer ${demoApiKey()}` };
  const company = (await (await request.post("/api/v1/company", { headers, data: { name: `${marker} Lookup Co` } })).json()) as {
    id: string;
  };
  const other = (await (await request.post("/api/v1/company", { headers, data: { name: `${marker} Other Inc` } })).json()) as {
    id: string;
  };
  const contact = (await (
    await request.post("/api/v1/contact", { headers, data: { last_name: `${marker}Linked`, company: company.id } })
  ).json()) as { id: string };
  await signIn(page, MEMBER);

  // The list: the Company column shows the company's name, linked to its page; no id anywhere.
  await page.goto(`/records/contact?q=${marker}Linked`);
  const table = page.getByRole("table", { name: "Contacts" });
  const link = table.getByRole("link", { name: `${marker} Lookup Co` });
  await expect(link).toHaveAttribute("href", `/records/company/${company.id}`);
  await expect(table).not.toContainText(company.id);

  // The record page: the same, and the edit form picks another company by typing part of its name.
  await page.goto(`/records/contact/${contact.id}`);
  await expect(page.getByRole("link", { name: `${marker} Lookup Co` })).toBeVisible();
  await expect(page.getByText(company.id)).toHaveCount(0);
  const form = page.getByRole("form", { name: "Edit record" });
  // "Edit" works once the page is hydrated: it is clicked until the form opens.
  await expect(async () => {
    await page.getByRole("button", { name: "Edit" }).click();
    await expect(form).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const picker = form.getByRole("combobox", { name: "Company" });
  await expect(picker).toHaveValue(`${marker} Lookup Co`);
  await picker.fill(`${marker} oth`);
  await expect(form.getByRole("listbox").getByRole("option")).toHaveText([`${marker} Other Inc`]);
  await picker.press("ArrowDown");
  await picker.press("ArrowUp");
  await picker.press("Enter");
  await expect(picker).toHaveValue(`${marker} Other Inc`);
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("link", { name: `${marker} Other Inc` })).toBeVisible();
  const saved = (await (await request.get(`/api/v1/contact/${contact.id}`, { headers })).json()) as { company: string };
  expect(saved.company).toBe(other.id);
});

test("the shell: a skip link first, a search of every object by name from any page, and a settings card for every settings page", async ({
  page,
}) => {
  await signIn(page, MEMBER);
  // The first Tab stop skips the sidebar.
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#content")).toBeFocused();

  // "/" from anywhere goes to the search box (once the page's script runs); the results span objects.
  const box = page.getByRole("searchbox", { name: "Search records by name" });
  await expect(async () => {
    await page.locator("h1").click();
    await page.keyboard.press("/");
    await expect(box).toBeFocused({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await box.fill(`${marker}`);
  await box.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${marker}`));
  await expect(page.getByRole("region", { name: "Contacts" })).toContainText(`${marker}Person`);
  await expect(page.getByRole("region", { name: "Contacts" }).getByRole("link", { name: /All \d+ contacts matching/ })).toBeVisible();
  await page.keyboard.press("Control+k");
  await expect(box).toBeFocused();

  // Settings → Overview: one card for every settings page in the sidebar.
  await page.goto("/settings");
  const sidebar = page.getByRole("navigation", { name: "Main" });
  for (const name of ["API keys", "Objects & fields", "Roles", "Inventory", "Apps", "Your account"]) {
    await expect(sidebar.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
  }
});
