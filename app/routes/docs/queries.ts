import { graphql } from "../../lib/graphql.ts";

/** The docs reader's documents: the navigation, one page, its markdown, search and preview links. */

const DocNodeFields = graphql(`
  fragment DocNodeFields on DocNode @_unmask {
    id
    parentId
    path
    title
    description
    depth
    status
  }
`);

export const DocTreeQuery = graphql(
  `
    query DocTree($preview: Boolean) {
      docTree(preview: $preview) {
        ...DocNodeFields
      }
    }
  `,
  [DocNodeFields],
);

const DocLinkFields = graphql(`
  fragment DocLinkFields on DocLink @_unmask {
    title
    path
    description
  }
`);

export const DocPageQuery = graphql(
  `
    query DocPage($path: String!, $preview: Boolean) {
      docPage(path: $path, preview: $preview) {
        redirectTo
        reading {
          id
          path
          title
          description
          html
          revision
          draft
          updatedAt
          author
          headings {
            id
            text
            depth
          }
          breadcrumbs {
            ...DocLinkFields
          }
          previous {
            ...DocLinkFields
          }
          next {
            ...DocLinkFields
          }
          children {
            ...DocLinkFields
          }
          can {
            save
          }
        }
        tree {
          ...DocNodeFields
        }
      }
    }
  `,
  [DocLinkFields, DocNodeFields],
);

export const DocMarkdownQuery = graphql(`
  query DocMarkdown($path: String!, $preview: Boolean) {
    docMarkdown(path: $path, preview: $preview) {
      title
      description
      body
      revision
    }
  }
`);

export const DocSearchQuery = graphql(`
  query DocSearch($query: String!, $first: Int) {
    docSearch(query: $query, first: $first) {
      id
      path
      title
      description
      snippet
      heading {
        id
        text
      }
      correction
    }
  }
`);

/** Whether the server's rules let this reader see drafts at all (editors and admins). */
export const DocsPreviewAllowedQuery = graphql(`
  query DocsPreviewAllowed {
    viewer {
      capabilities {
        doc {
          preview
        }
      }
    }
  }
`);

export const DocsPreviewModeQuery = graphql(`
  query DocsPreviewMode($token: String!) {
    docsPreviewMode(token: $token) {
      staging
      expiresAt
    }
  }
`);
