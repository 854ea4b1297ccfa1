import { graphql } from "../../../lib/graphql.ts";

/** The editor's documents: the doc being written, the places it may go, the writes, and the live preview. */

const DocEditFields = graphql(`
  fragment DocEditFields on Doc @_unmask {
    id
    parentId
    slug
    path
    position
    title
    description
    body
    products
    counterpartId
    publishedPath
    status
    headRevision
    publishedRevision
    brokenLinks
    version
    updatedAt
    updatedBy {
      name
    }
    can {
      save
      publish
    }
  }
`);

export const DocEditQuery = graphql(
  `
    query DocEdit($id: ID!) {
      doc(id: $id) {
        ...DocEditFields
      }
    }
  `,
  [DocEditFields],
);

export const DocPlacesQuery = graphql(`
  query DocPlaces {
    docTree(preview: true) {
      id
      parentId
      path
      title
      depth
      products
    }
  }
`);

export const CreateDoc = graphql(
  `
    mutation CreateDoc($input: CreateDocInput!) {
      createDoc(input: $input) {
        ...DocEditFields
      }
    }
  `,
  [DocEditFields],
);

export const SaveDoc = graphql(
  `
    mutation SaveDoc($input: SaveDocInput!) {
      saveDoc(input: $input) {
        ...DocEditFields
      }
    }
  `,
  [DocEditFields],
);

export const PublishDoc = graphql(
  `
    mutation PublishDoc($input: PublishDocInput!) {
      publishDoc(input: $input) {
        ...DocEditFields
      }
    }
  `,
  [DocEditFields],
);

export const DocPreviewQuery = graphql(`
  query DocPreview($body: String) {
    docPreview(body: $body) {
      html
      brokenLinks
      problems {
        kind
        line
        message
      }
    }
  }
`);

export const MediaImagesQuery = graphql(`
  query MediaImages($search: String) {
    media(kind: image, search: $search, first: 24) {
      nodes {
        id
        name
        alt
        caption
        version
        thumbnailUrl
        width
        height
      }
    }
  }
`);

export const SetImageAlt = graphql(`
  mutation SetImageAlt($input: UpdateMediaInput!) {
    updateMedia(input: $input) {
      id
      alt
      version
    }
  }
`);

/** The editor's unsaved work kept on the server (ADR 039), and who else has the doc open. */

const DocWorkFields = graphql(`
  fragment DocWorkFields on DocWork @_unmask {
    title
    slug
    parentId
    position
    description
    products
    counterpartId
    body
    baseVersion
    baseRevision
    savedAt
  }
`);

export const DocWorkQuery = graphql(
  `
    query DocWork($docId: ID) {
      docWork(docId: $docId) {
        ...DocWorkFields
      }
    }
  `,
  [DocWorkFields],
);

export const KeepDocWork = graphql(`
  mutation KeepDocWork($input: KeepDocWorkInput!) {
    keepDocWork(input: $input) {
      savedAt
    }
  }
`);

export const DropDocWork = graphql(`
  mutation DropDocWork($input: DropDocWorkInput!) {
    dropDocWork(input: $input) {
      dropped
    }
  }
`);

export const MarkDocOpen = graphql(`
  mutation MarkDocOpen($input: MarkDocOpenInput!) {
    markDocOpen(input: $input) {
      others {
        id
        name
        since
      }
      head {
        revision
        version
        savedAt
        savedBy
      }
    }
  }
`);

export const MarkDocClosed = graphql(`
  mutation MarkDocClosed($input: MarkDocClosedInput!) {
    markDocClosed(input: $input) {
      closed
    }
  }
`);

/** The words a writer started from: the base of a three-way merge. */
export const DocBaseQuery = graphql(`
  query DocBase($id: ID!, $number: Int!) {
    docRevision(id: $id, number: $number) {
      title
      description
      body
    }
  }
`);
