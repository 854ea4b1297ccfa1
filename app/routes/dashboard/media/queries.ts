import { graphql, type ResultOf } from "../../../lib/graphql.ts";
import { PageFields } from "../../../lib/portal/page-fields.ts";

/** The media page's documents: the library, one file's panel, and the writes its forms send. */

export const MediaQuery = graphql(
  `
    query AdminMedia(
      $search: String
      $kind: MediaKind
      $uploadedById: ID
      $sort: MediaSort
      $direction: SortDirection
      $first: Int
      $after: String
      $last: Int
      $before: String
    ) {
      media(
        search: $search
        kind: $kind
        uploadedById: $uploadedById
        sort: $sort
        direction: $direction
        first: $first
        after: $after
        last: $last
        before: $before
      ) {
        nodes {
          id
          kind
          name
          contentType
          size
          width
          height
          alt
          needsAlt
          url
          thumbnailUrl
          createdAt
          uploadedBy {
            id
            name
          }
        }
        totalCount
        totalCountIsLowerBound
        pageInfo {
          ...PageFields
        }
      }
    }
  `,
  [PageFields],
);

export const MediaDetails = graphql(`
  query MediaDetails($id: ID!) {
    mediaFile(id: $id) {
      id
      kind
      name
      originalName
      contentType
      size
      sha256
      width
      height
      alt
      caption
      needsAlt
      url
      thumbnailUrl
      sizes {
        width
        avif
        webp
      }
      uploadedBy {
        id
        name
      }
      uses {
        ownerType
        ownerId
        ownerLabel
        role
      }
      fileUploadedAt
      createdAt
      version
      can {
        update
        replace
        delete
      }
    }
  }
`);

/** One file as its panel shows it. */
export type MediaFileDetails = NonNullable<ResultOf<typeof MediaDetails>["mediaFile"]>;

export const UploaderName = graphql(`
  query UploaderName($search: String) {
    mediaUploaders(search: $search, first: 20) {
      id
      name
    }
  }
`);

export const UpdateMedia = graphql(`
  mutation UpdateMedia($input: UpdateMediaInput!) {
    updateMedia(input: $input) {
      id
      name
      version
    }
  }
`);

export const DeleteMedia = graphql(`
  mutation DeleteMedia($input: DeleteMediaInput!) {
    deleteMedia(input: $input) {
      id
      name
    }
  }
`);
