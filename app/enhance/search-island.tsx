import { useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { SearchPanel } from "../components/site/search-panel.tsx";
import { navigateTo } from "../../shared/safe-navigation.ts";
import { toast } from "./toaster.ts";

let show: ((value: boolean) => void) | undefined;
let returnFocus: HTMLElement | null = null;

function Island({ initiallyOpen }: { initiallyOpen: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  useEffect(() => {
    show = setOpen;
  }, []);
  return (
    <SearchPanel
      docs={/^\/docs(\/|$)/.test(window.location.pathname)}
      open={open}
      onClose={() => {
        setOpen(false);
        returnFocus?.focus();
      }}
      onNavigate={(href) => {
        setOpen(false);
        navigateTo(href, { report: (title) => toast({ title, color: "error" }) });
      }}
    />
  );
}

/** Mounts the search panel on first use, as a React island on an otherwise static page. */
export function openSearch({ returnFocusTo }: { returnFocusTo: HTMLElement | null }) {
  returnFocus = returnFocusTo;
  if (show) {
    show(true);
    return;
  }
  const container = document.createElement("div");
  container.dataset.searchIsland = "";
  document.body.append(container);
  createRoot(container).render(<Island initiallyOpen />);
}
