import { ConfirmSubmit } from "./confirm-submit.tsx";

/** A one-button form posting one hidden value to a server action (revoke, uninstall, …), asking first: these cannot be undone. */
export function HiddenFieldButton({
  action,
  name,
  value,
  label,
  question,
  accessibleName,
}: {
  action: (form: FormData) => Promise<void>;
  name: string;
  value: string;
  label: string;
  /** What the confirmation asks. */
  question: string;
  accessibleName?: string;
}) {
  return (
    <form action={action}>
      <input type="hidden" name={name} value={value} />
      <ConfirmSubmit question={question} label={accessibleName}>
        {label}
      </ConfirmSubmit>
    </form>
  );
}
