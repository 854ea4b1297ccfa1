/**
 * The portal's stacking order: page, sticky bars (z-30), a dialog's overlay (z-40) and
 * content (z-50), then the toasts above all of it (z-60), so a confirmation raised from
 * inside a panel is seen at once, not when the panel closes.
 */
export const toastLayer = "z-60";

/**
 * For a modal layer's `onInteractOutside`: a click or focus on a toast (its dismiss
 * button, its action) is not a click outside the dialog, so it does not close it. Radix
 * reports a click outside once the click is over, when a dismissed toast has already
 * left the page: a target no longer in the document was such a toast.
 */
export function keepOpenForToasts(event: Event): void {
  const target = event.target;
  if (target instanceof Element && (!target.isConnected || target.closest("[data-toaster]"))) event.preventDefault();
}
