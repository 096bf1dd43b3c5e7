import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { ADMIN_EMAIL, login, loginFresh } from "./fixtures.ts";

/**
 * Settings → Users and Settings → Audit log in Chromium (issue 19 items 5–7): an admin invites
 * someone, who joins through the one-time link shown on screen (no SMTP here) and signs in; the
 * admin changes their role, is refused demoting the last admin, deactivates them (their open
 * session ends); the audit log shows each step, filters, and exports CSV.
 */
test("invite, join, change role, deactivate — and the audit log shows it all", async ({ page, browser }) => {
  const stamp = Date.now();
  const email = `joiner-${stamp}@example.com`;
  const password = "a long enough passphrase";
  await loginFresh(page);

  await page.goto("/settings/users");
  await expect(page).toHaveTitle(/Users/);
  await expect(page.getByRole("navigation").getByRole("link", { name: "Users" })).toHaveAttribute("aria-current", "page");
  const invite = page.getByRole("form", { name: "Invite user" });
  // A refused invitation keeps what was typed.
  await invite.getByLabel("Email").fill(ADMIN_EMAIL);
  await invite.getByLabel("Name").fill("Jo Joiner");
  await invite.getByRole("button", { name: "Invite" }).click();
  await expect(invite.getByRole("alert")).toContainText("already in use");
  await expect(invite.getByLabel("Name")).toHaveValue("Jo Joiner");
  await invite.getByLabel("Email").fill(email);
  await invite.getByRole("button", { name: "Invite" }).click();
  const banner = page.getByRole("status", { name: "Invitation link" });
  await expect(banner).toContainText("No SMTP server is configured");
  const link = (await banner.getByTestId("user-link").textContent())!;
  expect(link).toMatch(/\/account\/set-password\?token=crm_ul_/);
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("invited");

  // The invited person, in a browser of their own.
  const theirs = await browser.newContext();
  const joiner = await theirs.newPage();
  await joiner.goto(link);
  await expect(joiner.getByRole("heading", { name: /^Join / })).toBeVisible();
  await joiner.getByLabel(/^Password/).fill(password);
  await joiner.getByLabel("The same password again").fill(`${password}!`);
  await joiner.getByRole("button", { name: "Set password" }).click();
  await expect(joiner.getByRole("alert").filter({ hasText: "differ" })).toHaveText("The two passwords differ");
  await joiner.getByLabel(/^Password/).fill(password);
  await joiner.getByLabel("The same password again").fill(password);
  await joiner.getByRole("button", { name: "Set password" }).click();
  await expect(joiner.getByRole("status")).toContainText("Your password is set");
  await joiner.getByRole("link", { name: "Sign in" }).click();
  await login(joiner, email, password);
  await expect(joiner).toHaveURL(/\/settings$/);
  // The link worked once.
  await joiner.goto(link);
  await expect(joiner.getByRole("heading", { name: "This link cannot be used" })).toBeVisible();

  // Their role, then the last admin, who cannot be demoted (the refusal is shown beside it).
  await page.reload();
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("active");
  await row.getByRole("combobox", { name: `Role of ${email}` }).selectOption("read_only");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("row").filter({ hasText: email }).getByRole("combobox")).toHaveValue("read_only");
  const me = page.getByRole("row").filter({ hasText: ADMIN_EMAIL });
  await me.getByRole("combobox").selectOption("member");
  await me.getByRole("button", { name: "Save" }).click();
  await expect(me.getByRole("alert")).toContainText("The last admin cannot be demoted");

  // Deactivating asks first; dismissed, nothing happens.
  page.once("dialog", (d) => void d.dismiss());
  await page.getByRole("button", { name: `Deactivate ${email}` }).click();
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("active");
  page.once("dialog", (d) => void d.accept());
  await page.getByRole("button", { name: `Deactivate ${email}` }).click();
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("deactivated");
  // Their open session ends at once.
  await joiner.goto("/settings");
  await expect(joiner).toHaveURL(/\/login/);
  await theirs.close();

  // The audit log: every step, who did it, filters and the CSV export.
  await page.goto("/settings/audit-log");
  await expect(page).toHaveTitle(/Audit log/);
  const log = page.getByRole("table", { name: "Audit log" });
  for (const action of ["User invited", "Invitation accepted", "User role changed", "User deactivated"])
    await expect(log.getByRole("row").filter({ hasText: action }).filter({ hasText: email }).first()).toBeVisible();
  await expect(log.getByRole("row").filter({ hasText: "Invitation accepted" }).first()).toContainText(email);
  await page.getByLabel("Action").selectOption("user.deactivated");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/action=user\.deactivated/);
  await expect(log.getByRole("row")).toHaveCount(2); // the header and the one entry
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const csv = readFileSync((await (await download).path())!, "utf8");
  expect(csv.split("\r\n")[0]).toBe(
    "time,action,actor_email,credential_kind,credential_name,ip,target_type,target_id,target_label,details",
  );
  expect(csv).toContain(`user.deactivated,${ADMIN_EMAIL},session`);
  expect(csv).not.toContain("user.invited");
});

test("agent connections: an admin forbids them after a confirmation, and allows them again", async ({ page }) => {
  await loginFresh(page);
  await page.goto("/settings/apps");
  const policy = page.getByRole("form", { name: "Agent connections policy" });
  await expect(policy.getByTestId("agent-connections-status")).toContainText("allowed");
  page.once("dialog", (d) => void d.accept());
  await policy.getByRole("button", { name: "Forbid agent connections" }).click();
  await expect(policy.getByTestId("agent-connections-status")).toContainText("not allowed");
  await policy.getByRole("button", { name: "Allow agent connections" }).click();
  await expect(policy.getByTestId("agent-connections-status")).toHaveText(/are allowed/);
  await page.goto("/settings/audit-log?action=agent_connections.forbidden");
  await expect(page.getByRole("table", { name: "Audit log" }).getByRole("row")).toHaveCount(2);
});
