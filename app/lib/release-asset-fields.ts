import { graphql } from "./graphql.ts";

/**
 * What a page shows of a release's file: its name, size and SHA-256, and where to download
 * it. The public release page and the portal's releases page both spread it, so the two
 * list the same facts.
 */
export const ReleaseAssetFields = graphql(`
  fragment ReleaseAssetFields on ReleaseAsset @_unmask {
    mediaId
    name
    size
    sha256
    downloadUrl
  }
`);
