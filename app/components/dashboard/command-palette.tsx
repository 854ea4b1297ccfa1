import { personName } from "../../lib/format.ts";
import * as RadixDialog from "@radix-ui/react-dialog";
import { Command } from "cmdk";
import { Building2, CornerDownLeft, FileText, Images, PackageCheck, Search, User } from "lucide-react";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { can, visiblePages, type Capabilities } from "../../lib/portal/nav.ts";
import { docHitHref } from "../../lib/docs/search.ts";
import { formatDate } from "../../lib/format.ts";
import { graphql } from "../../lib/graphql.ts";
import { paletteRank } from "../../lib/portal/palette-rank.ts";
import { portalApi } from "../../lib/portal/api.ts";
import { useReturnFocus } from "../ui/return-focus.ts";
import { keepOpenForToasts } from "../ui/layers.ts";
import { navigateTo } from "../../../shared/safe-navigation.ts";
import { toast } from "./toaster.tsx";

/** What the palette can do besides opening pages; each entry says which capability it needs. */
export type PaletteAction = { id: string; label: string; keywords: string[]; run: () => void };

const PaletteSearch = graphql(`
  query PaletteSearch(
    $search: String!
    $users: Boolean!
    $organizations: Boolean!
    $docs: Boolean!
    $releases: Boolean!
    $media: Boolean!
  ) {
    docSearch(query: $search, first: 5) @include(if: $docs) {
      id
      path
      title
      heading {
        id
        text
      }
    }
    releases(search: $search, first: 5) @include(if: $releases) {
      nodes {
        id
        name
        versionNumber
        releasedOn
      }
    }
    media(search: $search, first: 5) @include(if: $media) {
      nodes {
        id
        name
      }
    }
    users(search: $search, first: 5, sort: name, direction: asc) @include(if: $users) {
      nodes {
        id
        name
        email
      }
    }
    organizations(search: $search, first: 5) @include(if: $organizations) {
      nodes {
        id
        name
        city
      }
    }
  }
`);

type FoundKind = "doc" | "release" | "media" | "user" | "organization";

/** Something the server found; `document` ones are outside the portal's app and load whole. */
type Found = { kind: FoundKind; id: string; label: string; detail: string; to: string; document?: true };

const kindLabels: Record<FoundKind, string> = {
  doc: "Doc",
  release: "Release",
  media: "File",
  user: "Person",
  organization: "Organization",
};

const kindIcons: Record<FoundKind, typeof User> = {
  doc: FileText,
  release: PackageCheck,
  media: Images,
  user: User,
  organization: Building2,
};

const groupHeading =
  "[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:py-2 [&_[cmdk-group-heading]]:text-sm [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-gray-600 dark:[&_[cmdk-group-heading]]:text-gray-300";
const itemClasses =
  "flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-base data-[selected=true]:bg-bdblue-50 data-[selected=true]:text-bdblue-900 dark:data-[selected=true]:bg-bdblue-950 dark:data-[selected=true]:text-bdblue-100";

/**
 * The command palette (⌘K): every page and action the viewer may use, and, by what is
 * typed, the docs, releases, files, people and organizations the viewer may see (each
 * searched on the server only for those who may). Its code loads on first use.
 */
export default function CommandPalette({
  open,
  onOpenChange,
  capabilities,
  actions,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  capabilities: Capabilities;
  actions: PaletteAction[];
}) {
  const navigate = useNavigate();
  const returnFocus = useReturnFocus();
  const [search, setSearch] = useState("");
  /** What the server found, and for which words: results for older words are never shown. */
  const [results, setResults] = useState<{ text: string; found: Found[] }>({ text: "", found: [] });
  const searchUsers = capabilities.user?.read === "all";
  const searchOrganizations = capabilities.organization?.read === "all";
  const searchDocs = can(capabilities, "doc", "read");
  const searchReleases = can(capabilities, "release", "read");
  const searchMedia = capabilities.media?.browse === "all";
  const text = search.trim();
  const searchable =
    text.length >= 2 && (searchUsers || searchOrganizations || searchDocs || searchReleases || searchMedia);
  const found = searchable && results.text === text ? results.found : [];
  const searching = searchable && results.text !== text;

  useEffect(() => {
    if (!searchable) return;
    let current = true;
    const timer = setTimeout(() => {
      portalApi
        .request(
          PaletteSearch,
          {
            search: text,
            users: searchUsers,
            organizations: searchOrganizations,
            docs: searchDocs,
            releases: searchReleases,
            media: searchMedia,
          },
          { method: "GET", cache: "cache-first" },
        )
        .then((data) => {
          if (!current) return;
          setResults({
            text,
            found: [
              ...(data.docSearch ?? []).map((hit) => ({
                kind: "doc" as const,
                id: hit.id,
                label: hit.title,
                detail: hit.heading ? hit.heading.text : `/docs/${hit.path}`,
                to: docHitHref(hit),
                document: true as const,
              })),
              ...(data.releases?.nodes ?? []).map((release) => ({
                kind: "release" as const,
                id: release.id,
                label: release.name,
                detail: `Released ${formatDate(release.releasedOn)}`,
                to: `/dashboard/releases?q=${encodeURIComponent(release.versionNumber)}`,
              })),
              ...(data.media?.nodes ?? []).map((file) => ({
                kind: "media" as const,
                id: file.id,
                label: file.name,
                detail: "In the media library",
                to: `/dashboard/admin/media?file=${file.id}`,
              })),
              ...(data.users?.nodes ?? []).map((user) => ({
                kind: "user" as const,
                id: user.id,
                label: personName(user),
                detail: user.email ?? "",
                to: `/dashboard/admin/users?user=${user.id}`,
              })),
              ...(data.organizations?.nodes ?? []).map((organization) => ({
                kind: "organization" as const,
                id: organization.id,
                label: organization.name,
                detail: organization.city,
                to: `/dashboard/admin/organizations?edit=${organization.id}`,
              })),
            ],
          });
        })
        .catch(() => {
          if (current) setResults({ text, found: [] });
        });
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, searchable, searchUsers, searchOrganizations, searchDocs, searchReleases, searchMedia]);

  const go = (to: string, document?: true) => {
    onOpenChange(false);
    navigateTo(to, {
      go: document ? undefined : (path) => void navigate(path),
      report: (title) => toast({ title, color: "error" }),
    });
  };

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-gray-950/50" />
        <RadixDialog.Content
          onInteractOutside={keepOpenForToasts}
          {...returnFocus}
          aria-describedby={undefined}
          className="fixed top-[10vh] left-1/2 z-50 w-[calc(100vw-2rem)] max-w-xl -translate-x-1/2 overflow-hidden rounded-2xl bg-white shadow-xl ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800"
        >
          <RadixDialog.Title className="sr-only">Command palette</RadixDialog.Title>
          <Command label="Command palette" filter={paletteRank}>
            <div className="flex items-center gap-3 border-b border-gray-200 px-4 dark:border-gray-800">
              <Search aria-hidden="true" className="size-5 shrink-0 text-gray-600 dark:text-gray-300" />
              <Command.Input
                value={search}
                onValueChange={setSearch}
                placeholder="Go to a page, run an action, find a doc, release, file or person…"
                className="min-h-14 w-full bg-transparent text-base outline-none placeholder:text-gray-600 dark:placeholder:text-gray-400"
              />
            </div>
            <Command.List className="max-h-[60vh] overflow-y-auto p-2">
              <Command.Empty className="px-3 py-6 text-center text-base text-gray-700 dark:text-gray-300">
                {searching ? "Searching…" : "Nothing matches. Try another word."}
              </Command.Empty>
              <Command.Group heading="Pages" className={groupHeading}>
                {visiblePages(capabilities).map((page) => (
                  <Command.Item
                    key={page.to}
                    value={`page ${page.label} ${page.description}`}
                    onSelect={() => go(page.to, page.document)}
                    className={itemClasses}
                  >
                    <span className="flex-1">
                      {page.label}
                      <span className="block text-sm text-gray-600 dark:text-gray-300">{page.description}</span>
                    </span>
                    <CornerDownLeft aria-hidden="true" className="size-4 opacity-60" />
                  </Command.Item>
                ))}
              </Command.Group>
              <Command.Group heading="Actions" className={groupHeading}>
                {actions.map((action) => (
                  <Command.Item
                    key={action.id}
                    value={`action ${action.label} ${action.keywords.join(" ")}`}
                    onSelect={() => {
                      onOpenChange(false);
                      action.run();
                    }}
                    className={itemClasses}
                  >
                    {action.label}
                  </Command.Item>
                ))}
              </Command.Group>
              {found.length > 0 ? (
                <Command.Group heading="Found" className={groupHeading}>
                  {found.map((item) => {
                    const Icon = kindIcons[item.kind];
                    return (
                      // Matched on the server, so cmdk's own filter must keep them: their value carries the search.
                      <Command.Item
                        key={`${item.kind}-${item.id}`}
                        value={`${search} ${item.kind} ${item.id}`}
                        onSelect={() => go(item.to, item.document)}
                        className={itemClasses}
                      >
                        <Icon aria-hidden="true" className="size-5" />
                        <span className="flex-1">
                          {item.label}
                          <span className="block text-sm text-gray-600 dark:text-gray-300">
                            {kindLabels[item.kind]} · {item.detail}
                          </span>
                        </span>
                      </Command.Item>
                    );
                  })}
                </Command.Group>
              ) : null}
            </Command.List>
          </Command>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
