import { graphql } from "../../../../lib/graphql.ts";
import { PageFields } from "../../../../lib/portal/page-fields.ts";

/** The applications tab's documents: the list, one application's panel, and the writes. */

export const ApplicationsQuery = graphql(
  `
    query AdminApplications(
      $search: String
      $status: ApplicationStatus
      $first: Int
      $after: String
      $last: Int
      $before: String
    ) {
      certificationApplications(
        search: $search
        status: $status
        first: $first
        after: $after
        last: $last
        before: $before
      ) {
        nodes {
          id
          status
          name
          organizationName
          jobTitle
          product
          trainingFormat
          scheduledFor
          createdAt
        }
        totalCount
        totalCountIsLowerBound
        pageInfo {
          ...PageFields
        }
      }
      certificationApplicationCounts {
        applied
        scheduled
        completed
      }
      inquiryCounts {
        new
      }
    }
  `,
  [PageFields],
);

export const ApplicationDetails = graphql(`
  query ApplicationDetails($id: ID!) {
    certificationApplication(id: $id) {
      id
      status
      name
      email
      phone
      organizationName
      organizationId
      jobTitle
      region
      countryName
      product
      trainingFormat
      preferredDates
      message
      scheduledFor
      declinedReason
      decidedAt
      createdAt
      version
      nextSteps
      can {
        setStatus
        link
      }
    }
  }
`);

export const LinkedOrganization = graphql(`
  query LinkedOrganization($id: ID!) {
    organization(id: $id) {
      id
      name
      city
      certificationStatus
      certifiedUntil
      publicListing
    }
  }
`);

export const SetApplicationStatus = graphql(`
  mutation SetApplicationStatus($input: SetApplicationStatusInput!) {
    setApplicationStatus(input: $input) {
      id
      name
      status
      version
    }
  }
`);

export const LinkApplicationOrganization = graphql(`
  mutation LinkApplicationOrganization($input: LinkApplicationOrganizationInput!) {
    linkApplicationOrganization(input: $input) {
      id
      name
      organizationId
      version
    }
  }
`);
