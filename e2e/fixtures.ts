import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { e2eDataDir, e2ePassword } from "../playwright.config.ts";

export const ADMIN_EMAIL = "admin@demo.example";

/** The demo key the server printed at start (kept in its data directory). */
export function demoApiKey(): string {
  return (JSON.parse(readFileSync(path.join(e2eDataDir, "demo-credentials.json"), "utf8")) as { apiKey: string }).apiKey;
}

export async function login(page: Page, email = ADMIN_EMAIL, password = e2ePassword): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export async function loginFresh(page: Page): Promise<void> {
  await page.goto("/login");
  await login(page);
  await expect(page).toHaveURL(/\/dashboard$/);
}
