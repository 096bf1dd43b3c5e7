import { expect, test } from "@playwright/test";
import { demoApiKey, loginFresh } from "./fixtures.ts";

/**
 * A file uploaded from the browser on a record's page takes the API's three steps: the page asks
 * for a signed URL, the browser PUTs the file to it (the app's own file store here), and the file
 * is registered. The API then lists it, its download link gives back the same bytes under the
 * same name, and deleting it (after a confirmation) removes it.
 */
test("a signed-in user attaches a file to a record from the browser, downloads it and deletes it", async ({ page, request }) => {
  const headers = { authorization: `Bearer ${demoApiKey()}` };
  const created = await request.post("/api/v1/contact", { headers, data: { first_name: "Ada", last_name: "Upload" } });
  expect(created.status()).toBe(201);
  const contact = (await created.json()) as { id: string };

  await loginFresh(page);
  // An address that names no record is a 404 page in the app's frame, never a server error.
  expect((await page.goto("/records/contact/not-a-record-id"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await page.goto(`/records/contact/${contact.id}`);
  await expect(page.getByRole("heading", { name: "Contact: Ada Upload" })).toBeVisible();
  const panel = page.getByRole("region", { name: "Attachments" });
  await expect(panel.getByText("No files yet.")).toBeVisible();

  const bytes = Buffer.from(`Quote for Ada\n${"line of the quote\n".repeat(2000)}`);
  const fileName = "Devis n°7 (final).txt";
  await panel.getByLabel("File", { exact: true }).setInputFiles({ name: fileName, mimeType: "text/plain", buffer: bytes });
  await panel.getByRole("button", { name: "Upload" }).click();
  await expect(panel.getByRole("status")).toHaveText(`Attached ${fileName}.`);
  await expect(panel.getByRole("row", { name: fileName })).toBeVisible();
  await expect(panel.getByRole("heading", { name: "Attachments (1)" })).toBeVisible();

  const listed = await request.get(`/api/v1/attachments?recordId=${contact.id}&objectApiName=contact`, { headers });
  const page1 = (await listed.json()) as { total: number; data: { id: string; fileName: string; size: number; contentType: string }[] };
  expect(page1.total).toBe(1);
  expect(page1.data[0]).toMatchObject({ fileName, size: bytes.length, contentType: "text/plain" });

  const download = page.waitForEvent("download");
  await panel.getByRole("link", { name: fileName }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(fileName);
  const path = await file.path();
  const { readFile } = await import("node:fs/promises");
  expect((await readFile(path)).equals(bytes)).toBe(true);

  page.once("dialog", (dialog) => void dialog.accept());
  await panel.getByRole("button", { name: `Delete ${fileName}` }).click();
  await expect(panel.getByText("No files yet.")).toBeVisible();
  const gone = await request.get(`/api/v1/attachments/${page1.data[0]!.id}`, { headers });
  expect(gone.status()).toBe(404);
});
