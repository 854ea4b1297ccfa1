import { graphql } from "../../../lib/graphql.ts";
import { PageFields } from "../../../lib/portal/page-fields.ts";

/** The inbox's documents: the list, one inquiry's panel, the people who answer them, and the writes. */

export const InquiriesQuery = graphql(
  `
    query AdminInquiries($filter: InquiryFilter, $first: Int, $after: String, $last: Int, $before: String) {
      inquiries(filter: $filter, first: $first, after: $after, last: $last, before: $before) {
        nodes {
          id
          reference
          topic
          status
          name
          email
          organization
          countryName
          product
          assigneeId
          createdAt
        }
        totalCount
        totalCountIsLowerBound
        pageInfo {
          ...PageFields
        }
      }
      inquiryCounts {
        new
        inProgress
        closed
      }
      inquiryAssignees {
        id
        name
      }
      certificationApplicationCounts {
        applied
        scheduled
        completed
      }
    }
  `,
  [PageFields],
);

export const InquiryDetails = graphql(`
  query InquiryDetails($id: ID!) {
    inquiry(id: $id) {
      id
      reference
      topic
      status
      name
      email
      phone
      organization
      region
      countryName
      product
      serialNumber
      message
      assigneeId
      closedAt
      createdAt
      updatedAt
      version
      notes {
        id
        authorLabel
        body
        createdAt
      }
      can {
        assign
        note
        setStatus
      }
    }
  }
`);

export const AssignInquiry = graphql(`
  mutation AssignInquiry($input: AssignInquiryInput!) {
    assignInquiry(input: $input) {
      id
      name
      assigneeId
      status
      version
    }
  }
`);

export const SetInquiryStatus = graphql(`
  mutation SetInquiryStatus($input: SetInquiryStatusInput!) {
    setInquiryStatus(input: $input) {
      id
      name
      status
      version
    }
  }
`);

export const AddInquiryNote = graphql(`
  mutation AddInquiryNote($input: AddInquiryNoteInput!) {
    addInquiryNote(input: $input) {
      id
      name
      version
    }
  }
`);

export const ForgetPerson = graphql(`
  mutation ForgetPerson($input: ForgetPersonInput!) {
    forgetPerson(input: $input) {
      inquiries
      applications
    }
  }
`);

export const InquiryExport = graphql(`
  query InquiryExport($filter: InquiryFilter) {
    inquiryExport(filter: $filter) {
      csv
      rows
      truncated
    }
  }
`);
