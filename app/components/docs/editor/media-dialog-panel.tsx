import { Check, Upload } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { portalApi } from "../../../lib/portal/api.ts";
import { MediaImagesQuery } from "./queries.ts";
import { buttonClasses } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { Field, FormAlert } from "../../ui/field.tsx";
import { cn } from "../../ui/cn.ts";
import { altTextNeeded, saveAltText, uploadImage } from "./media-upload.ts";
import { imageTypes } from "./tools.ts";

type Image = {
  id: string;
  name: string;
  alt: string | null;
  caption: string | null;
  version: number;
  thumbnailUrl: string | null;
};

export type MediaDialogProps = {
  open: boolean;
  csrfToken: string;
  onClose: () => void;
  onInsert: (image: { id: string; alt: string }) => void;
};

/**
 * Insert an image: choose one from the media library (searchable), or upload one in place
 * (the library checks it by its bytes and strips its metadata), then say what it shows.
 * Loaded when first opened (./media-dialog.tsx).
 */
export default function MediaDialogPanel({ open, csrfToken, onClose, onInsert }: MediaDialogProps) {
  const [search, setSearch] = useState("");
  const [images, setImages] = useState<Image[] | null>(null);
  const [chosen, setChosen] = useState<Image | null>(null);
  const [alt, setAlt] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  const listLabel = useId();

  useEffect(() => {
    if (!open) return;
    let current = true;
    const timer = window.setTimeout(() => {
      portalApi.request(MediaImagesQuery, { search: search.trim() || null }).then(
        (data) => current && setImages(data.media.nodes),
        () => current && setProblem("The media library could not be read just now. Try again in a moment."),
      );
    }, 200);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [open, search]);

  const choose = (image: Image) => {
    setChosen(image);
    setAlt(image.alt ?? "");
  };

  const upload = async (file: File) => {
    setProblem(undefined);
    setProgress(0);
    const answer = await uploadImage({ file, csrfToken, onProgress: setProgress });
    setProgress(null);
    if (answer === "cancelled") return;
    if (!answer.ok) return setProblem(answer.message);
    const image = { ...answer.image, alt: null, caption: null };
    setImages((list) => [image, ...(list ?? [])]);
    choose(image);
  };

  const insert = async () => {
    if (!chosen) return setProblem("Choose an image first.");
    const written = alt.trim();
    if (!written) return setProblem(altTextNeeded);
    // An image in the library without alt text is given this one there too: publishing needs it.
    if (!chosen.alt?.trim()) {
      const refused = await saveAltText(chosen, written);
      if (refused) return setProblem(refused);
    }
    onInsert({ id: chosen.id, alt: written });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title="Insert an image"
      description="From the media library, or upload one. Images are checked by their content and stripped of location data."
    >
      <div className="grid gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-48 flex-1">
            <Field
              label="Search the library"
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <label
            className={cn(
              buttonClasses("secondary"),
              "cursor-pointer focus-within:outline-2 focus-within:outline-bdblue-600",
            )}
          >
            <Upload aria-hidden="true" className="size-4" />
            {progress === null ? "Upload an image" : `Uploading… ${progress}%`}
            <input
              type="file"
              accept={imageTypes.join(",")}
              className="sr-only"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = "";
                if (file) void upload(file);
              }}
            />
          </label>
        </div>
        <FormAlert message={problem} />
        <p id={listLabel} className="text-sm font-semibold">
          Library images
        </p>
        {images === null ? (
          <p className="text-sm text-gray-700 dark:text-gray-300">Loading the library…</p>
        ) : images.length === 0 ? (
          <p className="text-sm text-gray-700 dark:text-gray-300">
            {search.trim() ? `No images match “${search.trim()}”.` : "The library has no images yet: upload one."}
          </p>
        ) : (
          <ul
            aria-labelledby={listLabel}
            className="grid max-h-72 grid-cols-[repeat(auto-fill,minmax(7rem,1fr))] gap-2 overflow-y-auto p-1"
          >
            {images.map((image) => {
              const selected = chosen?.id === image.id;
              return (
                <li key={image.id}>
                  <button
                    type="button"
                    aria-pressed={selected}
                    onClick={() => choose(image)}
                    className={cn(
                      "relative grid w-full gap-1 rounded-lg border p-1.5 text-left text-xs focus-visible:outline-2 focus-visible:outline-bdblue-600",
                      selected
                        ? "border-bdblue-600 ring-2 ring-bdblue-600 dark:border-bdblue-300 dark:ring-bdblue-300"
                        : "border-gray-200 dark:border-gray-700",
                    )}
                  >
                    {image.thumbnailUrl ? (
                      <img src={image.thumbnailUrl} alt="" className="aspect-square w-full rounded object-cover" />
                    ) : null}
                    <span className="truncate">{image.name}</span>
                    {selected ? (
                      <Check
                        aria-hidden="true"
                        className="absolute top-2 right-2 size-5 rounded-full bg-bdblue-600 p-0.5 text-white"
                      />
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <Field
          label="Alt text"
          hint="What the image shows, for readers who cannot see it. Publishing needs it."
          value={alt}
          maxLength={300}
          onChange={(event) => setAlt(event.target.value)}
        />
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClasses("secondary")} onClick={onClose}>
            Cancel
          </button>
          <button type="button" className={buttonClasses("primary")} onClick={() => void insert()}>
            Insert image
          </button>
        </div>
      </div>
    </Dialog>
  );
}
