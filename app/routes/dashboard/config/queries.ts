import { graphql } from "../../../lib/graphql.ts";

/** The site settings page's documents: every group, and one update per group. */

export const SettingsQuery = graphql(`
  query SiteSettings {
    siteSettings {
      analytics {
        version
        updatedAt
        updatedBy {
          name
          email
        }
        tagManagerId
        webAnalyticsId
        pixelId
        socialAdsPixelId
        customerDataWriteKey
      }
      contactRecipients {
        version
        updatedAt
        updatedBy {
          name
          email
        }
        sales
        support
        service
        billing
        general
        training
      }
      announcement {
        version
        updatedAt
        updatedBy {
          name
          email
        }
        enabled
        message
        tone
        linkLabel
        linkUrl
        startsAt
        endsAt
      }
      maintenance {
        version
        updatedAt
        updatedBy {
          name
          email
        }
        enabled
        message
        startsAt
        endsAt
      }
    }
  }
`);

export const UpdateAnalytics = graphql(`
  mutation UpdateAnalytics($input: UpdateAnalyticsSettingsInput!) {
    updateAnalyticsSettings(input: $input) {
      version
    }
  }
`);

export const UpdateContacts = graphql(`
  mutation UpdateContacts($input: UpdateContactRecipientsInput!) {
    updateContactRecipients(input: $input) {
      version
    }
  }
`);

export const UpdateAnnouncement = graphql(`
  mutation UpdateAnnouncement($input: UpdateAnnouncementInput!) {
    updateAnnouncement(input: $input) {
      version
    }
  }
`);

export const UpdateMaintenance = graphql(`
  mutation UpdateMaintenance($input: UpdateMaintenanceNoticeInput!) {
    updateMaintenanceNotice(input: $input) {
      version
    }
  }
`);
