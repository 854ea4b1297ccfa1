import { formActions, intent } from "../../../lib/actions.server.ts";
import { formatCount } from "../../../lib/format.ts";
import { AddInquiryNote, AssignInquiry, ForgetPerson, SetInquiryStatus } from "./queries.ts";

/** The inbox's forms: each sends its mutation, and says what happened. */
export const inquiryActions = formActions("/dashboard/admin/inquiries", {
  assign: intent(AssignInquiry, (data) => ({
    title: data.assignInquiry.assigneeId
      ? `${data.assignInquiry.name}'s message was assigned`
      : `${data.assignInquiry.name}'s message is no longer assigned`,
  })),
  status: intent(SetInquiryStatus, (data) => ({
    title:
      data.setInquiryStatus.status === "closed"
        ? `${data.setInquiryStatus.name}'s message was closed`
        : `${data.setInquiryStatus.name}'s message was reopened`,
  })),
  note: intent(AddInquiryNote, (data) => ({ title: `Note added to ${data.addInquiryNote.name}'s message` })),
  forget: intent(ForgetPerson, (data) => ({
    title: "Their data was deleted",
    description: `${formatCount(data.forgetPerson.inquiries, "message", "messages")} and ${formatCount(data.forgetPerson.applications, "certification application", "certification applications")}.`,
    params: { selected: null },
  })),
});
