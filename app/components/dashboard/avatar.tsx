import { cn } from "../ui/cn.ts";

export type AvatarPerson = { name: string | null; email: string | null; picture: string | null };

/** A person's initials: "Ana Díaz" is AD, "ben.ode@…" is BO. */
function initials(person: Pick<AvatarPerson, "name" | "email">): string {
  const source = person.name ?? person.email ?? "?";
  const words = source
    .replace(/@.*/, "")
    .split(/[\s._-]+/)
    .filter(Boolean);
  return ((words[0]?.[0] ?? "?") + (words.length > 1 ? (words.at(-1)?.[0] ?? "") : "")).toUpperCase();
}

const sizes = {
  small: { box: "size-8 text-sm", pixels: 32 },
  large: { box: "size-16 text-xl", pixels: 64 },
} as const;

/**
 * A person's picture, or their initials when they have none. Decorative: the name is
 * always written beside it, so it is hidden from assistive technology.
 */
export function Avatar({ person, size }: { person: AvatarPerson; size: keyof typeof sizes }) {
  const { box, pixels } = sizes[size];
  if (person.picture) {
    return (
      <img
        src={person.picture}
        alt=""
        width={pixels}
        height={pixels}
        decoding="async"
        className={cn("shrink-0 rounded-full object-cover", box)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex shrink-0 items-center justify-center rounded-full bg-bdblue-100 font-semibold text-bdblue-800 dark:bg-bdblue-900 dark:text-bdblue-100",
        box,
      )}
    >
      {initials(person)}
    </span>
  );
}
