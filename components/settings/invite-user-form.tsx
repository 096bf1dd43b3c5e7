"use client";
import { Field } from "@/components/ui/field.tsx";
import { FieldErrorsProvider, FormOutcome, useSettingsForm, type FormAction } from "@/components/ui/settings-form.tsx";
import { LinkBanner, type LinkData } from "./user-link-button.tsx";

/** Invite a person: they join through a one-time link (emailed with SMTP, shown here once either way). */
export function InviteUserForm({ inviteUserAction }: { inviteUserAction: FormAction<LinkData> }) {
  const { state, pending, formProps } = useSettingsForm(inviteUserAction);
  return (
    <div className="stack">
      {state?.ok && <LinkBanner {...state.data} />}
      <form {...formProps} className="stack" aria-label="Invite user">
        <FieldErrorsProvider state={state}>
          <div className="row">
            <Field name="email" label="Email">
              <input name="email" type="email" required maxLength={254} autoComplete="off" />
            </Field>
            <Field name="name" label="Name">
              <input name="name" required maxLength={120} autoComplete="off" />
            </Field>
            <Field name="role" label="Role">
              <select name="role" defaultValue="member">
                <option value="admin">Admin</option>
                <option value="member">Member</option>
                <option value="read_only">Read only</option>
              </select>
            </Field>
          </div>
        </FieldErrorsProvider>
        <FormOutcome state={state} />
        <div>
          <button type="submit" disabled={pending}>
            {pending ? "Inviting…" : "Invite"}
          </button>
        </div>
      </form>
    </div>
  );
}
