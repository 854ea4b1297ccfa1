import { graphql } from "../../../lib/graphql.ts";
import { PageFields } from "../../../lib/portal/page-fields.ts";

/** The organizations page's documents: the list, one organization's panel, and the writes its forms send. */

export const OrganizationsQuery = graphql(
  `
    query AdminOrganizations(
      $search: String
      $kind: OrganizationKind
      $certificationStatus: CertificationStatus
      $publicListing: Boolean
      $sort: OrganizationSort
      $direction: SortDirection
      $first: Int
      $after: String
      $last: Int
      $before: String
    ) {
      organizations(
        search: $search
        kind: $kind
        certificationStatus: $certificationStatus
        publicListing: $publicListing
        sort: $sort
        direction: $direction
        first: $first
        after: $after
        last: $last
        before: $before
      ) {
        nodes {
          id
          name
          kind
          city
          countryName
          certificationStatus
          certifiedUntil
          publicListing
          memberCount
          version
          can {
            setPublicListing
          }
        }
        totalCount
        totalCountIsLowerBound
        pageInfo {
          ...PageFields
        }
      }
    }
  `,
  [PageFields],
);

export const OrganizationDetails = graphql(`
  query OrganizationDetails($id: ID!) {
    organization(id: $id) {
      id
      name
      kind
      street
      city
      region
      postalCode
      country
      phone
      email
      website
      contacts {
        name
        role
        email
        phone
      }
      products {
        product
        units
      }
      publicListing
      certificationStatus
      certifiedUntil
      version
      can {
        update
        delete
      }
      members {
        id
        name
        email
        role
        version
        can {
          changeOrganization
        }
      }
    }
  }
`);

export const CreateOrganization = graphql(`
  mutation CreateOrganization($input: CreateOrganizationInput!) {
    createOrganization(input: $input) {
      id
      name
    }
  }
`);

export const UpdateOrganization = graphql(`
  mutation UpdateOrganization($input: UpdateOrganizationInput!) {
    updateOrganization(input: $input) {
      id
      name
    }
  }
`);

export const DeleteOrganization = graphql(`
  mutation DeleteOrganization($input: DeleteOrganizationInput!) {
    deleteOrganization(input: $input) {
      name
    }
  }
`);

export const SetListing = graphql(`
  mutation SetListing($input: SetPublicListingInput!) {
    setPublicListing(input: $input) {
      name
      publicListing
    }
  }
`);

export const ChangeMembership = graphql(`
  mutation ChangeMembership($input: ChangeUserOrganizationInput!) {
    changeUserOrganization(input: $input) {
      name
      email
      picture
      organization {
        name
      }
    }
  }
`);
