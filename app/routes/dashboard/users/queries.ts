import { graphql } from "../../../lib/graphql.ts";
import { PageFields } from "../../../lib/portal/page-fields.ts";

/** The users page's documents: the list, one person's panel, and the writes its forms send. */

export const UsersQuery = graphql(
  `
    query AdminUsers(
      $search: String
      $role: Role
      $status: UserStatus
      $sort: UserSort
      $direction: SortDirection
      $first: Int
      $after: String
      $last: Int
      $before: String
    ) {
      users(
        search: $search
        role: $role
        status: $status
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
          email
          role
          status
          lastSignInAt
          invitationExpiresAt
          organization {
            id
            name
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

export const UserDetails = graphql(`
  query UserDetails($id: ID!) {
    user(id: $id) {
      id
      name
      email
      role
      grants
      status
      version
      createdAt
      lastSignInAt
      disabledAt
      invitationExpiresAt
      organization {
        id
        name
      }
      can {
        changeRole
        changeGrants
        changeOrganization
        disable
        enable
        resendInvitation
        delete
        revokeSession
      }
      sessions {
        id
        createdAt
        lastSeenAt
        userAgent
        address
        current
      }
    }
  }
`);

export const InviteUser = graphql(`
  mutation InviteUser($input: InviteUserInput!) {
    inviteUser(input: $input) {
      id
      email
    }
  }
`);

export const ChangeRole = graphql(`
  mutation ChangeRole($input: ChangeUserRoleInput!) {
    changeUserRole(input: $input) {
      name
      email
      picture
      role
    }
  }
`);

export const ChangeGrants = graphql(`
  mutation ChangeGrants($input: ChangeUserGrantsInput!) {
    changeUserGrants(input: $input) {
      name
      email
      picture
      grants
    }
  }
`);

export const ChangeOrganization = graphql(`
  mutation ChangeOrganization($input: ChangeUserOrganizationInput!) {
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

export const DisableUser = graphql(`
  mutation DisableUser($input: DisableUserInput!) {
    disableUser(input: $input) {
      name
      email
      picture
    }
  }
`);

export const EnableUser = graphql(`
  mutation EnableUser($input: EnableUserInput!) {
    enableUser(input: $input) {
      name
      email
      picture
    }
  }
`);

export const ResendInvitation = graphql(`
  mutation ResendInvitation($input: ResendInvitationInput!) {
    resendInvitation(input: $input) {
      email
    }
  }
`);

export const CancelInvitation = graphql(`
  mutation CancelInvitation($input: CancelInvitationInput!) {
    cancelInvitation(input: $input) {
      email
    }
  }
`);

export const RevokeSession = graphql(`
  mutation RevokeSession($input: RevokeSessionInput!) {
    revokeSession(input: $input) {
      id
    }
  }
`);
