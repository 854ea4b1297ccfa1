import { ChevronDown, ExternalLink, Keyboard, LogOut, Monitor, Moon, Settings, Sun } from "lucide-react";
import { Link } from "react-router";
import type { ColorModePreference } from "../../lib/color-mode.ts";
import { Avatar } from "./avatar.tsx";
import type { PortalViewer } from "./portal-context.tsx";

const itemClasses =
  "flex min-h-11 w-full items-center gap-3 rounded-md px-3 text-left text-base hover:bg-gray-100 dark:hover:bg-gray-800";

const popoverId = "user-menu";

/**
 * The signed-in person's menu: a disclosure (a button and the panel it shows), built on
 * the platform's popover, as the website's header menus are: Escape and a click
 * outside close it, Tab walks its links and buttons, and focus goes back to the button.
 */
export function UserMenu({
  viewer,
  csrfToken,
  colorMode,
  onColorMode,
  onShowShortcuts,
  onSignOut,
}: {
  viewer: PortalViewer;
  csrfToken: string;
  colorMode: ColorModePreference;
  onColorMode: (mode: ColorModePreference) => void;
  onShowShortcuts: () => void;
  onSignOut: () => void;
}) {
  const close = () => document.getElementById(popoverId)?.hidePopover();
  return (
    <div>
      <button
        type="button"
        popoverTarget={popoverId}
        className="flex min-h-11 items-center gap-2 rounded-lg px-2 text-base font-medium [anchor-name:--user-menu] hover:bg-gray-100 dark:hover:bg-gray-800"
      >
        <Avatar person={viewer} size="small" />
        <span className="hidden max-w-40 truncate md:inline">{viewer.name ?? viewer.email}</span>
        <span className="sr-only">Account menu</span>
        <ChevronDown aria-hidden="true" className="size-4" />
      </button>
      <div
        id={popoverId}
        popover="auto"
        className="user-menu-popover w-72 rounded-xl border border-gray-200 bg-white p-2 text-gray-900 shadow-lg dark:border-gray-800 dark:bg-gray-900 dark:text-gray-100"
      >
        <div className="px-3 py-2">
          <p className="truncate text-base font-semibold">{viewer.name ?? "Signed in"}</p>
          <p className="truncate text-sm text-gray-700 dark:text-gray-300">{viewer.email}</p>
          <p className="text-sm text-gray-700 capitalize dark:text-gray-300">{viewer.role}</p>
        </div>
        <hr className="my-1 border-gray-200 dark:border-gray-800" />
        <ul className="grid gap-1">
          <li>
            <Link to="/dashboard/settings" className={itemClasses} onClick={close}>
              <Settings aria-hidden="true" className="size-5" /> Your settings
            </Link>
          </li>
          <li>
            <button
              type="button"
              className={itemClasses}
              onClick={() => {
                close();
                onShowShortcuts();
              }}
            >
              <Keyboard aria-hidden="true" className="size-5" /> Keyboard shortcuts
            </button>
          </li>
          <li>
            <a href="/" target="_blank" rel="noopener" className={itemClasses} onClick={close}>
              <ExternalLink aria-hidden="true" className="size-5" /> The website
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        </ul>
        <hr className="my-1 border-gray-200 dark:border-gray-800" />
        <fieldset className="grid gap-1 px-1 py-1">
          <legend className="px-2 pb-1 text-sm font-semibold text-gray-600 dark:text-gray-300">Colour mode</legend>
          {(
            [
              ["light", "Light", Sun],
              ["dark", "Dark", Moon],
              ["system", "Same as my device", Monitor],
            ] as const
          ).map(([value, label, Icon]) => (
            <button
              key={value}
              type="button"
              aria-pressed={colorMode === value}
              onClick={() => onColorMode(value)}
              className={`${itemClasses} aria-pressed:bg-bdblue-50 aria-pressed:font-semibold aria-pressed:text-bdblue-800 dark:aria-pressed:bg-bdblue-950 dark:aria-pressed:text-bdblue-200`}
            >
              <Icon aria-hidden="true" className="size-5" /> {label}
            </button>
          ))}
        </fieldset>
        <hr className="my-1 border-gray-200 dark:border-gray-800" />
        <form method="post" action="/auth/logout" onSubmit={onSignOut}>
          <input type="hidden" name="csrf" value={csrfToken} />
          <button type="submit" className={itemClasses}>
            <LogOut aria-hidden="true" className="size-5" /> Sign out
          </button>
        </form>
      </div>
    </div>
  );
}
