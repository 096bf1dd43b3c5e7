import type { FormState } from "@/lib/adapters/actions/session-operation.ts";
import { ActionButton } from "@/components/ui/action-button";

/** "Move to trash" after a confirmation; a refusal (another user's change, a lost permission) is shown, not thrown. */
export function TrashButton({ action, title }: { action: () => Promise<FormState>; title: string }) {
  return (
    <ActionButton action={action} question={`Move “${title}” to the trash? It can be restored from the trash.`} danger>
      Move to trash
    </ActionButton>
  );
}
