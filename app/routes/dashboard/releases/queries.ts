import { graphql } from "../../../lib/graphql.ts";
import { PageFields } from "../../../lib/portal/page-fields.ts";
import { ReleaseAssetFields } from "../../../lib/release-asset-fields.ts";

/** The releases page's documents: the list, the latest per product, one release's panel, and the writes. */

const ReleaseFields = graphql(
  `
    fragment ReleaseFields on Release @_unmask {
      id
      name
      product
      channel
      versionNumber
      releasedOn
      notes
      notesHtml
      published
      publishedAt
      version
      assets {
        ...ReleaseAssetFields
      }
      can {
        update
        publish
        unpublish
        delete
      }
    }
  `,
  [ReleaseAssetFields],
);

export const ReleasesQuery = graphql(
  `
    query Releases(
      $product: Product
      $channel: ReleaseChannel
      $status: ReleaseStatus
      $search: String
      $first: Int
      $after: String
      $last: Int
      $before: String
    ) {
      latestReleases {
        ...ReleaseFields
      }
      releases(
        product: $product
        channel: $channel
        status: $status
        search: $search
        first: $first
        after: $after
        last: $last
        before: $before
      ) {
        nodes {
          ...ReleaseFields
        }
        totalCount
        totalCountIsLowerBound
        pageInfo {
          ...PageFields
        }
      }
    }
  `,
  [ReleaseFields, PageFields],
);

export const ReleaseDetails = graphql(
  `
    query ReleaseDetails($id: ID!) {
      release(id: $id) {
        ...ReleaseFields
      }
    }
  `,
  [ReleaseFields],
);

/** The files a release may offer: the library's newest PDFs and archives (editors only). */
export const DownloadChoices = graphql(`
  query DownloadChoices {
    documents: media(kind: document, first: 50) {
      nodes {
        id
        name
        size
      }
    }
    archives: media(kind: archive, first: 50) {
      nodes {
        id
        name
        size
      }
    }
  }
`);

export const CreateRelease = graphql(`
  mutation CreateRelease($input: CreateReleaseInput!) {
    createRelease(input: $input) {
      id
      name
    }
  }
`);

export const UpdateRelease = graphql(`
  mutation UpdateRelease($input: UpdateReleaseInput!) {
    updateRelease(input: $input) {
      id
      name
    }
  }
`);

export const PublishRelease = graphql(`
  mutation PublishRelease($input: PublishReleaseInput!) {
    publishRelease(input: $input) {
      id
      name
    }
  }
`);

export const UnpublishRelease = graphql(`
  mutation UnpublishRelease($input: UnpublishReleaseInput!) {
    unpublishRelease(input: $input) {
      id
      name
    }
  }
`);

export const DeleteRelease = graphql(`
  mutation DeleteRelease($input: DeleteReleaseInput!) {
    deleteRelease(input: $input) {
      id
      name
    }
  }
`);
