import { graphql } from "../../../lib/graphql.ts";
import { PageFields } from "../../../lib/portal/page-fields.ts";

/** The docs admin's documents: the list, the trash, one doc's history and two of its revisions, and the writes. */

const AdminDocFields = graphql(`
  fragment AdminDocFields on Doc @_unmask {
    id
    path
    title
    status
    headRevision
    publishedRevision
    brokenLinks
    updatedAt
    deletedAt
    version
    updatedBy {
      id
      name
    }
    can {
      save
      publish
      unpublish
      delete
      trash
      restoreRevision
    }
  }
`);

export const AdminDocsQuery = graphql(
  `
    query AdminDocs($status: DocStatus, $search: String, $first: Int, $after: String, $last: Int, $before: String) {
      docs(status: $status, search: $search, first: $first, after: $after, last: $last, before: $before) {
        nodes {
          ...AdminDocFields
        }
        totalCount
        totalCountIsLowerBound
        pageInfo {
          ...PageFields
        }
      }
    }
  `,
  [AdminDocFields, PageFields],
);

export const AdminDocsTrashQuery = graphql(
  `
    query AdminDocsTrash($first: Int, $after: String, $last: Int, $before: String) {
      docsTrash(first: $first, after: $after, last: $last, before: $before) {
        nodes {
          ...AdminDocFields
        }
        totalCount
        totalCountIsLowerBound
        pageInfo {
          ...PageFields
        }
      }
    }
  `,
  [AdminDocFields, PageFields],
);

/** How many docs the trash holds, for its tab (refused for anyone but an admin). */
export const AdminDocsTrashCount = graphql(`
  query AdminDocsTrashCount {
    docsTrash(first: 1) {
      totalCount
      totalCountIsLowerBound
    }
  }
`);

export const DocHistoryQuery = graphql(
  `
    query DocHistory($id: ID!) {
      doc(id: $id) {
        ...AdminDocFields
      }
      docRevisions(id: $id) {
        id
        number
        event
        restoredFrom
        publishedAt
        createdAt
        title
        path
        author {
          id
          name
        }
      }
    }
  `,
  [AdminDocFields],
);

const RevisionWords = graphql(`
  fragment RevisionWords on DocRevision @_unmask {
    number
    title
    path
    description
    body
  }
`);

/** The two revisions being compared, whole. */
export const DocRevisionPair = graphql(
  `
    query DocRevisionPair($id: ID!, $from: Int!, $to: Int!) {
      from: docRevision(id: $id, number: $from) {
        ...RevisionWords
      }
      to: docRevision(id: $id, number: $to) {
        ...RevisionWords
      }
    }
  `,
  [RevisionWords],
);

const DocWritten = graphql(`
  fragment DocWritten on Doc @_unmask {
    id
    title
    headRevision
  }
`);

export const PublishDoc = graphql(
  `
    mutation AdminPublishDoc($input: PublishDocInput!) {
      publishDoc(input: $input) {
        ...DocWritten
      }
    }
  `,
  [DocWritten],
);

export const UnpublishDoc = graphql(
  `
    mutation AdminUnpublishDoc($input: UnpublishDocInput!) {
      unpublishDoc(input: $input) {
        ...DocWritten
      }
    }
  `,
  [DocWritten],
);

export const DeleteDoc = graphql(
  `
    mutation AdminDeleteDoc($input: DeleteDocInput!) {
      deleteDoc(input: $input) {
        ...DocWritten
      }
    }
  `,
  [DocWritten],
);

export const RestoreDoc = graphql(
  `
    mutation AdminRestoreDoc($input: RestoreDocInput!) {
      restoreDoc(input: $input) {
        ...DocWritten
        path
      }
    }
  `,
  [DocWritten],
);

export const EmptyDocsTrash = graphql(`
  mutation AdminEmptyDocsTrash {
    emptyDocsTrash {
      deleted
    }
  }
`);

export const RestoreDocRevision = graphql(
  `
    mutation AdminRestoreDocRevision($input: RestoreDocRevisionInput!) {
      restoreDocRevision(input: $input) {
        ...DocWritten
      }
    }
  `,
  [DocWritten],
);

/** The docs search's synonym groups (editors and admins), and their writes. */
export const SearchSynonymsQuery = graphql(`
  query SearchSynonyms {
    searchSynonyms {
      id
      version
      terms
      can {
        update
        delete
      }
    }
  }
`);

export const CreateSearchSynonym = graphql(`
  mutation CreateSearchSynonym($input: CreateSearchSynonymInput!) {
    createSearchSynonym(input: $input) {
      id
      terms
    }
  }
`);

export const UpdateSearchSynonym = graphql(`
  mutation UpdateSearchSynonym($input: UpdateSearchSynonymInput!) {
    updateSearchSynonym(input: $input) {
      id
      terms
    }
  }
`);

export const DeleteSearchSynonym = graphql(`
  mutation DeleteSearchSynonym($input: DeleteSearchSynonymInput!) {
    deleteSearchSynonym(input: $input) {
      id
      terms
    }
  }
`);
