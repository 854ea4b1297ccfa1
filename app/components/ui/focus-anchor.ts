/**
 * Focus stays where a person was when their action completes (issue 14). A form's answer
 * can remove the very button that sent it (a revoked token has no Revoke button any
 * more), and focus would fall to the page's body: the next Tab starts from the top. So
 * a submit notes the button and the row or section around it; once the page has the
 * answer, if focus was lost that way, it goes to that row or section (without
 * scrolling: the page stays where it was).
 */
let anchor: { from: HTMLElement; around: HTMLElement | null } | null = null;

export function rememberFocusAnchor(from: HTMLElement): void {
  anchor = { from, around: from.parentElement?.closest<HTMLElement>("li, tr, section, [role=dialog]") ?? null };
}

export function restoreFocusAnchor(): void {
  const noted = anchor;
  anchor = null;
  if (!noted || noted.from.isConnected) return;
  const active = document.activeElement;
  if (active && active !== document.body) return;
  const { around } = noted;
  if (!around?.isConnected) return;
  if (!around.hasAttribute("tabindex")) around.tabIndex = -1;
  around.focus({ preventScroll: true });
}
