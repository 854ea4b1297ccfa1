import { isProductId, productIds } from "../../../shared/product-line.ts";
import { and, asc, eq, ilike, inArray, isNotNull, isNull, like, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { media, mediaUses, releases } from "../../db/schema/index.ts";
import { NotFoundError } from "../core/errors.ts";
import { id, likePattern, likePrefix, oneLine, searchText } from "../core/fields.ts";
import { listInput, type Connection } from "../core/pagination.ts";
import type { Media } from "../media/entity.ts";
import { releaseEntity, type Release } from "./entity.ts";
import { product, releaseChannel } from "./fields.ts";

export const releaseStatus = z
  .enum(["draft", "published"], { error: "Choose draft or published." })
  .meta({ id: "ReleaseStatus" });

/** Releases, newest version first (per product, then channel, when not filtered to one). */
export const listReleases = releaseEntity.read({
  operation: "read",
  doing: "see releases",
  input: listInput({
    product: product.optional(),
    channel: releaseChannel.optional(),
    status: releaseStatus.optional().describe("Drafts are seen by editors and admins only."),
    search: searchText.describe("The start of a version (“5.4”, “v5 5.4.0”) or words of the notes."),
  }),
  run: async (scope, input): Promise<Connection<Release>> =>
    scope.page(
      { key: releases.versionKey, type: "text", id: releases.id, direction: "desc" },
      input,
      input.search ? releaseSearch(input.search) : undefined,
      input.product ? eq(releases.product, input.product) : undefined,
      input.channel ? eq(releases.channel, input.channel) : undefined,
      input.status === "draft"
        ? isNull(releases.publishedAt)
        : input.status === "published"
          ? isNotNull(releases.publishedAt)
          : undefined,
    ),
});

/** "5.2", "v5 5.2.1", "v4-4.9.0-beta.1": a version, with its product first if it names one. */
const versionAsked = new RegExp(
  `^(?:(${productIds.join("|")})[\\s-]*)?v?(\\d+(?:\\.\\d+){0,2}(?:-[0-9a-z.-]+)?)\\.?$`,
  "i",
);

/**
 * A search of releases: a version's start (5.4 finds 5.4.0 and 5.4.1, not 5.40.0), with
 * its product if named ("v5 5.4.0", "v5-5.4"), or else words of the notes.
 */
function releaseSearch(text: string): SQL | undefined {
  const asked = versionAsked.exec(text.trim());
  if (asked?.[2]) {
    const version = asked[2].toLowerCase();
    const start = or(eq(releases.versionNumber, version), like(releases.versionNumber, `${likePrefix(version)}.%`));
    const full = /^\d+\.\d+\.\d+/.test(version)
      ? or(start, like(releases.versionNumber, `${likePrefix(version)}-%`))
      : start;
    const product = asked[1]?.toLowerCase();
    if (!isProductId(product)) return full;
    return and(eq(releases.product, product), full);
  }
  return ilike(releases.notes, likePattern(text));
}

/** The newest published release of each product on a channel (stable unless asked): what devices should run. */
export const latestReleases = releaseEntity.publicRead({
  operation: "read",
  doing: "see the latest releases",
  input: z.object({ channel: releaseChannel.default("stable") }),
  run: async (scope, input): Promise<Release[]> => {
    const rows = await scope
      .select({ release: releases }, and(isNotNull(releases.publishedAt), eq(releases.channel, input.channel)))
      .orderBy(asc(releases.product), sql`${releases.versionKey} desc`);
    const latest = new Map<string, Release>();
    for (const { release } of rows) if (!latest.has(release.product)) latest.set(release.product, release);
    return [...latest.values()];
  },
});

export const getRelease = releaseEntity.read({
  operation: "read",
  doing: "see this release",
  input: z.object({ id }),
  run: (scope, input): Promise<Release> => scope.find(input.id),
});

/** Releases by id (those out of the reader's reach are left out): what uses a media file, named. */
export const getReleasesByIds = releaseEntity.read({
  operation: "read",
  doing: "see these releases",
  input: z.object({ ids: z.array(id).max(500) }),
  run: (scope, input): Promise<Release[]> => scope.findMany(input.ids),
});

/** A download of a release: the file, as the release offers it (its name, size and SHA-256). */
export type ReleaseAsset = Pick<Media, "id" | "name" | "kind" | "contentType" | "size" | "sha256"> & {
  releaseId: string;
};

/**
 * The published releases of one product on a channel, newest first, as the public feeds
 * give them: anyone reads the stable ones; signed-in people the beta ones too.
 */
export const listPublishedReleases = releaseEntity.publicRead({
  operation: "read",
  doing: "see published releases",
  internal: "the release feeds read it, as the anonymous visitor (server/http/releases.ts)",
  input: z.object({
    product,
    channel: releaseChannel.default("stable"),
    first: z.number().int().min(1).max(50).default(20),
  }),
  run: async (scope, input): Promise<Release[]> => {
    const rows = await scope
      .select(
        { release: releases },
        isNotNull(releases.publishedAt),
        eq(releases.product, input.product),
        eq(releases.channel, input.channel),
      )
      .orderBy(sql`${releases.versionKey} desc`)
      .limit(input.first);
    return rows.map((row) => row.release);
  },
});

/** The downloads of these releases (those the reader may see), by release, in name order. */
export const listReleaseAssets = releaseEntity.publicRead({
  operation: "read",
  doing: "see the files of these releases",
  input: z.object({ ids: z.array(id).max(500) }),
  run: async (scope, input): Promise<ReleaseAsset[]> => {
    const reachable = (await scope.findMany(input.ids)).map((release) => release.id);
    if (reachable.length === 0) return [];
    return scope.db
      .select({
        releaseId: mediaUses.ownerId,
        id: media.id,
        name: media.name,
        kind: media.kind,
        contentType: media.contentType,
        size: media.size,
        sha256: media.sha256,
      })
      .from(mediaUses)
      .innerJoin(media, eq(media.id, mediaUses.mediaId))
      .where(
        and(eq(mediaUses.ownerType, "release"), eq(mediaUses.role, "asset"), inArray(mediaUses.ownerId, reachable)),
      )
      .orderBy(sql`lower(${media.name})`);
  },
});

/**
 * A published stable release, by product and version, as its public page shows it (the
 * same for everyone, signed in or not): a draft, a beta or an unpublished release is not
 * found, whoever asks.
 */
export const getPublicRelease = releaseEntity.publicRead({
  operation: "read",
  doing: "see this release",
  input: z.object({
    product,
    versionNumber: oneLine("the version").trim().max(64, "A version has at most 64 characters."),
  }),
  run: async (scope, input): Promise<Release> => {
    const [row] = await scope
      .select(
        { release: releases },
        isNotNull(releases.publishedAt),
        eq(releases.channel, "stable"),
        eq(releases.product, input.product),
        eq(releases.versionNumber, input.versionNumber),
      )
      .limit(1);
    if (!row) throw new NotFoundError(`There is no published stable release ${input.product} ${input.versionNumber}.`);
    return row.release;
  },
});

/** A release's public page: where it is, and a stamp that changes with anything the page shows. */
export type ReleasePage = {
  product: Release["product"];
  versionNumber: string;
  updatedAt: Date;
  /** The release's row version and the versions of the files it uses (a replaced file changes its size and SHA-256). */
  stamp: string;
};

/**
 * Every published stable release, newest first per product: the public pages the server
 * keeps (ADR 029) and the sitemap lists. One query; the stamp is read in it, so a page
 * rendered after it is at least as new.
 */
export const listReleasePages = releaseEntity.publicRead({
  operation: "read",
  doing: "see the public release pages",
  input: z.object({}),
  run: async (scope): Promise<ReleasePage[]> => {
    // Written out with its table name: inside a subquery, drizzle would print the outer column unqualified.
    const files = sql<string>`coalesce((select string_agg(m.id::text || ':' || m.version::text, ',' order by m.id)
      from media_uses mu join media m on m.id = mu.media_id
      where mu.owner_type = 'release' and mu.owner_id = "releases"."id"), '')`;
    return scope
      .select(
        {
          product: releases.product,
          versionNumber: releases.versionNumber,
          updatedAt: releases.updatedAt,
          stamp: sql<string>`${releases.version}::text || ':' || md5(${files})`,
        },
        isNotNull(releases.publishedAt),
        eq(releases.channel, "stable"),
      )
      .orderBy(asc(releases.product), sql`${releases.versionKey} desc`)
      .limit(5000);
  },
});
