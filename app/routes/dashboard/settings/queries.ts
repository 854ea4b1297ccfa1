import { graphql } from "../../../lib/graphql.ts";

/** Your settings' documents: who you are, your tokens, and the writes the page's forms send. */

export const SettingsQuery = graphql(`
  query MySettings {
    viewer {
      passwordResetPath
      sessionId
      user {
        id
        name
        email
        picture
        role
        version
        colorMode
        notifyAccountChanges
        notifyNewSignIn
        can {
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
  }
`);

export const TokensQuery = graphql(`
  query MyTokens {
    accessTokens {
      id
      name
      prefix
      role
      createdAt
      expiresAt
      lastUsedAt
      revokedAt
      active
      can {
        revoke
      }
    }
  }
`);

export const UpdateProfile = graphql(`
  mutation UpdateProfile($input: UpdateProfileInput!) {
    updateProfile(input: $input) {
      name
    }
  }
`);

export const UpdatePicture = graphql(`
  mutation UpdatePicture($input: UpdatePictureInput!) {
    updatePicture(input: $input) {
      picture
    }
  }
`);

export const UpdatePreferences = graphql(`
  mutation UpdatePreferences($input: UpdatePreferencesInput!) {
    updatePreferences(input: $input) {
      colorMode
    }
  }
`);

/** A new token, shown once on the answer to its form. */
export type CreatedToken = { created: { token: string; name: string; expiresAt: string } };

export const CreateToken = graphql(`
  mutation CreateToken($input: CreateAccessTokenInput!) {
    createAccessToken(input: $input) {
      token
      record {
        name
        expiresAt
      }
    }
  }
`);

export const RevokeToken = graphql(`
  mutation RevokeToken($input: RevokeAccessTokenInput!) {
    revokeAccessToken(input: $input) {
      name
    }
  }
`);

export const RevokeSession = graphql(`
  mutation RevokeMySession($input: RevokeSessionInput!) {
    revokeSession(input: $input) {
      id
    }
  }
`);

export const SignOutOthers = graphql(`
  mutation SignOutOthers {
    signOutOtherSessions
  }
`);
