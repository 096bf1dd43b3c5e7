import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { demoApiKey, loginFresh } from "./fixtures.ts";

/**
 * CSV import from a list, in Chromium: the file chosen, its columns matched by label (one changed
 * by hand), the first rows tried with their errors, the import started, its progress followed to
 * the end (and found again after a reload), the failed rows downloaded; and Cancel.
 */
const stamp = `Imp${Date.now().toString(36)}`;

function csv(rows: number, bad: number[] = []): Buffer {
  const lines = ["First name;Surname;E-mail address;Job"];
  for (let i = 1; i <= rows; i++)
    lines.push(
      `Row${i};${stamp} ${String(i).padStart(4, "0")};${bad.includes(i) ? "not-an-email" : `r${i}.${stamp}@example.com`};"Buyer; lead"`,
    );
  // A byte order mark and semicolons, as a spreadsheet saves a CSV in many locales.
  return Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`, "utf8");
}

test("an admin imports contacts from a CSV: mapping, preview with errors, progress to the end, failed rows", async ({ page, request }) => {
  await loginFresh(page);
  await page.goto("/records/contact");
  await page.getByRole("link", { name: "Import CSV" }).click();
  await expect(page).toHaveURL(/\/records\/contact\/import$/);

  await page.getByLabel(/CSV file/).setInputFiles({ name: "people.csv", mimeType: "text/csv", buffer: csv(1200, [3, 700]) });
  const mapping = page.getByRole("table", { name: "Column mapping" });
  await expect(mapping.getByRole("combobox", { name: "Field for the column First name" })).toHaveValue("first_name");
  // "Surname" and "E-mail address" match no field's name or label: they are mapped by hand.
  await expect(mapping.getByRole("combobox", { name: "Field for the column Surname" })).toHaveValue("");
  await mapping.getByRole("combobox", { name: "Field for the column Surname" }).selectOption("last_name");
  await mapping.getByRole("combobox", { name: "Field for the column E-mail address" }).selectOption("email");
  await mapping.getByRole("combobox", { name: "Field for the column Job" }).selectOption("job_title");

  const preview = page.getByRole("table", { name: "Preview" });
  const previewRow = (name: string) => preview.getByRole("row").filter({ has: page.getByRole("cell", { name, exact: true }) });
  await expect(previewRow("Row3")).toContainText("email: must be a valid email address");
  await expect(previewRow("Row1")).toContainText("Creates a record");
  await expect(preview.getByRole("row")).toHaveCount(11);

  await page.getByRole("button", { name: "3. Start the import" }).click();
  await expect(page).toHaveURL(/\/records\/contact\/imports\/[0-9a-f-]{36}$/);
  // The page is the import's own: a reload finds it, running or done.
  await page.reload();
  await expect(page.getByTestId("import-status")).toHaveText(/^Done/, { timeout: 60_000 });
  await expect(page.getByTestId("import-processed")).toHaveText("1200 of 1200 rows (100 %)");
  await expect(page.getByTestId("import-created")).toHaveText("1198");
  await expect(page.getByTestId("import-failed")).toHaveText("2");
  await expect(page.getByRole("progressbar", { name: "Rows imported" })).toHaveAttribute("value", "1200");

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download the failed rows (CSV)" }).click();
  const failed = readFileSync((await (await download).path())!, "utf8")
    .trimEnd()
    .split("\r\n");
  expect(failed[0]).toBe("First name,Surname,E-mail address,Job,row,error");
  expect(failed.slice(1).map((l) => l.split(",")[0])).toEqual(["Row3", "Row700"]);
  expect(failed[1]).toMatch(/,4,email: must be a valid email address/);

  const headers = { Authorization: `Bearer ${demoApiKey()}` };
  const imported = await request.get(`/api/v1/contact?search=${stamp}&limit=1`, { headers });
  expect(((await imported.json()) as { total: number }).total).toBe(1198);
  const one = (await (await request.get(`/api/v1/contact?filter=email:eq:r1.${stamp}@example.com`, { headers })).json()) as {
    data: { job_title: string; first_name: string }[];
  };
  expect(one.data[0]).toMatchObject({ first_name: "Row1", job_title: "Buyer; lead" });
});

test("a running import can be cancelled from its page", async ({ page }) => {
  await loginFresh(page);
  await page.goto("/records/contact/import");
  await page.getByLabel(/CSV file/).setInputFiles({ name: "many.csv", mimeType: "text/csv", buffer: csv(100_000) });
  const mapping = page.getByRole("table", { name: "Column mapping" });
  await mapping.getByRole("combobox", { name: "Field for the column Surname" }).selectOption("last_name");
  // The progress page's scripts arrive late, as on a loaded machine: Cancel pressed in the server's
  // HTML, before React attached its handler, did nothing, so it waits, disabled, until then.
  await page.route(/\/_next\/static\/chunks\/.*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.getByRole("button", { name: "3. Start the import" }).click();
  await expect(page).toHaveURL(/\/imports\//);
  await page.getByRole("button", { name: "Cancel import" }).click();
  await expect(page.getByTestId("import-status")).toHaveText("Cancelled");
  const done = Number((await page.getByTestId("import-processed").textContent())!.split(" ")[0]);
  expect(done).toBeLessThan(100_000);
  await expect(page.getByRole("button", { name: "Cancel import" })).toHaveCount(0);
});
