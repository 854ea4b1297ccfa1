import { useId } from "react";
import { slugLimit } from "../../../lib/doc-paths.ts";
import { cn } from "../../ui/cn.ts";

export type Fields = { title: string; slug: string; parentId: string; position: string; description: string };
export type Place = { id: string; path: string; title: string; depth: number };

const inputClasses = (error: string | undefined) =>
  cn(
    "min-h-10 w-full rounded-md border bg-white px-3 text-base text-gray-950 dark:bg-gray-900 dark:text-white",
    error ? "border-red-600 dark:border-red-400" : "border-gray-500",
  );

function Labelled({
  label,
  hint,
  error,
  className,
  children,
}: {
  label: string;
  hint?: string;
  error?: string;
  className?: string;
  children: (props: { id: string; "aria-describedby"?: string; "aria-invalid"?: true }) => React.ReactNode;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className={cn("grid content-start gap-1", className)}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children({
        id,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(error ? { "aria-invalid": true } : {}),
      })}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-gray-700 dark:text-gray-300">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Where the doc sits and what it is called: slug (suggested from the title until edited),
 * parent, position and description. The server checks each; its messages show here.
 */
export function DocFields({
  fields,
  errors,
  places,
  selfId,
  onChange,
}: {
  fields: Fields;
  errors: Record<string, string>;
  places: readonly Place[];
  selfId: string | null;
  onChange: (change: Partial<Fields> & { slugEdited?: boolean }) => void;
}) {
  const selfPath = places.find((place) => place.id === selfId)?.path;
  // A doc cannot sit under itself or a page under it: those are not offered (the server refuses them too).
  const choices = places.filter(
    (place) => !selfPath || (place.path !== selfPath && !place.path.startsWith(`${selfPath}/`)),
  );
  const parentPath = places.find((place) => place.id === fields.parentId)?.path;
  return (
    <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_7rem]">
      <Labelled
        label="Slug"
        hint={`Its address: /docs/${parentPath ? `${parentPath}/` : ""}${fields.slug || "…"}`}
        error={errors.slug}
      >
        {(props) => (
          <input
            {...props}
            name="slug"
            value={fields.slug}
            maxLength={slugLimit}
            autoCapitalize="none"
            spellCheck={false}
            onChange={(event) => onChange({ slug: event.target.value, slugEdited: true })}
            className={inputClasses(errors.slug)}
          />
        )}
      </Labelled>
      <Labelled label="Parent" error={errors.parentId}>
        {(props) => (
          <select
            {...props}
            name="parentId"
            value={fields.parentId}
            onChange={(event) => onChange({ parentId: event.target.value })}
            className={inputClasses(errors.parentId)}
          >
            <option value="">None (a top-level page)</option>
            {choices.map((place) => (
              <option key={place.id} value={place.id}>
                {`${"— ".repeat(place.depth)}${place.title}`}
              </option>
            ))}
          </select>
        )}
      </Labelled>
      <Labelled label="Position" hint="0 is first; empty puts it last." error={errors.position}>
        {(props) => (
          <input
            {...props}
            name="position"
            type="number"
            min={0}
            max={10000}
            inputMode="numeric"
            value={fields.position}
            onChange={(event) => onChange({ position: event.target.value })}
            className={inputClasses(errors.position)}
          />
        )}
      </Labelled>
      <Labelled label="Description" error={errors.description} className="sm:col-span-2 xl:col-span-3">
        {(props) => (
          <input
            {...props}
            name="description"
            value={fields.description}
            maxLength={300}
            onChange={(event) => onChange({ description: event.target.value })}
            className={inputClasses(errors.description)}
          />
        )}
      </Labelled>
    </div>
  );
}
