import {
  CircleAlert,
  CircleCheck,
  Info,
  KeyRound,
  LogOut,
  Mail,
  TriangleAlert,
  UserRound,
  X,
  type LucideIcon,
} from "lucide-react";
import { toastIconNames, type ToastIconName } from "../../../shared/contracts/toast.ts";

/** The toast icon vocabulary, drawn: the portal's toaster renders these components directly. */
export const toastIcons: Record<ToastIconName, LucideIcon> = {
  "circle-check": CircleCheck,
  "circle-alert": CircleAlert,
  "triangle-alert": TriangleAlert,
  info: Info,
  mail: Mail,
  key: KeyRound,
  "log-out": LogOut,
  user: UserRound,
};

/**
 * The same icons for the public pages' toaster, which is a few lines of plain script:
 * prerendered once into each page as templates it copies, so it carries no icon code.
 * The dismiss button's cross is among them, drawn as the portal's toaster draws it.
 */
export function ToastIconTemplates() {
  return (
    <>
      {toastIconNames.map((name) => {
        const Icon = toastIcons[name];
        return (
          <template key={name} data-toast-icon={name}>
            <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          </template>
        );
      })}
      <template data-toast-dismiss="">
        <X aria-hidden="true" className="size-4" />
      </template>
    </>
  );
}
