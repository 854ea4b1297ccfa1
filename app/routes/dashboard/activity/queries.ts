import { graphql } from "../../../lib/graphql.ts";
import { PageFields } from "../../../lib/portal/page-fields.ts";

/** The activity page's documents: a page of the log with its vocabulary, and the person it is filtered by. */

export const ActivityQuery = graphql(
  `
    query AdminActivity($filter: ActivityFilter, $first: Int, $after: String, $last: Int, $before: String) {
      activity(filter: $filter, first: $first, after: $after, last: $last, before: $before) {
        nodes {
          id
          at
          actorLabel
          via
          action
          words
          targetType
          targetLabel
          changes {
            field
            from
            to
          }
          address
          userAgent
        }
        totalCount
        totalCountIsLowerBound
        pageInfo {
          ...PageFields
        }
      }
      activityActions {
        action
        words
        label
      }
      activityKinds {
        type
        label
      }
    }
  `,
  [PageFields],
);

export const ActorName = graphql(`
  query ActivityActor($id: ID!) {
    user(id: $id) {
      id
      name
      email
    }
  }
`);
