import { useEffect, useRef, useState } from "react";
import { AnnouncementBanner } from "../../../components/dashboard/notices.tsx";

type Draft = { enabled: boolean; message: string; tone: "info" | "warning"; linkLabel: string; linkUrl: string };

function read(form: HTMLFormElement): Draft {
  const data = new FormData(form);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  return {
    enabled: data.getAll("enabled").includes("true"),
    message: text("message"),
    tone: text("tone") === "warning" ? "warning" : "info",
    linkLabel: text("linkLabel"),
    linkUrl: text("linkUrl"),
  };
}

/**
 * The banner as it will look, redrawn as the form around it is typed in (before it is
 * saved). It starts from what is saved, so the server draws the same thing.
 */
export function BannerPreview({ initial }: { initial: Draft }) {
  const anchor = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState(initial);
  useEffect(() => {
    const form = anchor.current?.closest("form");
    if (!form) return;
    const update = () => setDraft(read(form));
    form.addEventListener("input", update);
    form.addEventListener("change", update);
    return () => {
      form.removeEventListener("input", update);
      form.removeEventListener("change", update);
    };
  }, []);
  return (
    <div ref={anchor} className="grid gap-2">
      <p className="text-base font-semibold">Preview</p>
      {draft.message ? (
        <AnnouncementBanner
          preview
          announcement={{
            message: draft.message,
            tone: draft.tone,
            linkLabel: draft.linkLabel || null,
            linkUrl: draft.linkUrl || null,
          }}
        />
      ) : (
        <p className="rounded-xl border border-dashed border-gray-400 px-4 py-3 text-base text-gray-700 dark:border-gray-600 dark:text-gray-300">
          Write a message to see the banner.
        </p>
      )}
      <p className="text-sm text-gray-700 dark:text-gray-300" aria-live="polite">
        {draft.enabled
          ? "Shown at the top of every portal page once saved, between the times below."
          : "Off: turn on “Show the banner” to show it once saved."}
      </p>
    </div>
  );
}
