import { graphql } from "../graphql.ts";

/** The docs reader's documents: the home, one page, its markdown, search, the reader's generation and preview links. */

export const ChooseDocsProduct = graphql(`
  mutation ChooseDocsProduct($input: UpdatePreferencesInput!) {
    updatePreferences(input: $input) {
      id
      version
      docsProduct
    }
  }
`);

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

/** What the docs' own bar needs of the reader: the version their choice is saved against, and whether they write. */
const DocsReaderFields = graphql(`
  fragment DocsReaderFields on Viewer @_unmask {
    user {
      id
      version
    }
    capabilities {
      doc {
        create
      }
    }
  }
`);

export const DocsHomeQuery = graphql(
  `
    query DocsHome($preview: Boolean, $product: Product) {
      docsHome(preview: $preview, product: $product) {
        product
        tree {
          ...DocNodeFields
        }
      }
      viewer {
        ...DocsReaderFields
      }
    }
  `,
  [DocNodeFields, DocsReaderFields],
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
    query DocPage($path: String!, $preview: Boolean, $product: Product) {
      docPage(path: $path, preview: $preview, product: $product) {
        redirectTo
        product
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
          products
          counterpart {
            title
            path
            products
          }
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
      viewer {
        ...DocsReaderFields
      }
    }
  `,
  [DocLinkFields, DocNodeFields, DocsReaderFields],
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
  query DocSearch($query: String!, $first: Int, $product: Product) {
    docSearch(query: $query, first: $first, product: $product) {
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
