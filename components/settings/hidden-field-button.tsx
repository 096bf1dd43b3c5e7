/** A one-button form posting one hidden value to a server action (revoke, uninstall, …). */
export function HiddenFieldButton({
  action,
  name,
  value,
  label,
}: {
  action: (form: FormData) => Promise<void>;
  name: string;
  value: string;
  label: string;
}) {
  return (
    <form action={action}>
      <input type="hidden" name={name} value={value} />
      <button type="submit" className="danger">
        {label}
      </button>
    </form>
  );
}
