import { graphql, readFragment, type FragmentOf } from "../graphql.ts";

/**
 * What a list's `Pagination` reads of a connection's page: every list query spreads it
 * (`pageInfo { ...PageFields }`) and passes the result on unread, so the fields a list
 * pages by are named once, beside the component that uses them.
 */
export const PageFields = graphql(`
  fragment PageFields on PageInfo {
    hasNextPage
    hasPreviousPage
    startCursor
    endCursor
  }
`);

export type PageFieldsRef = FragmentOf<typeof PageFields>;

export function readPageFields(page: PageFieldsRef) {
  return readFragment(PageFields, page);
}
