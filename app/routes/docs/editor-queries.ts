import { graphql } from "../../lib/graphql.ts";

/** The editor's documents: the doc being written, the places it may go, the writes, and the live preview. */

export const DocEditFields = graphql(`
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
