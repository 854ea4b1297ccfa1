import { inquiries } from "../../db/schema/index.ts";
import { allow } from "../core/access.ts";
import { defineEntity, type RowVerdict } from "../core/entity.ts";

export type Inquiry = typeof inquiries.$inferSelect;

const allowed = (): RowVerdict => "allowed";

const topicWords: Record<Inquiry["topic"], string> = {
  sales: "sales",
  support: "support",
  service: "service",
  billing: "billing",
  general: "general",
};

/** How an inquiry is named where a person reads it (the activity log): who sent it, about what. */
export function inquiryLabel(inquiry: Pick<Inquiry, "name" | "topic">): string {
  return `message from ${inquiry.name} (${topicWords[inquiry.topic]})`;
}

/**
 * Messages from the public contact form. Anyone may send one; admins, and people an
 * admin gave the inquiries duty, read and answer them. They are personal data.
 */
export const inquiryEntity = defineEntity({
  name: "inquiry",
  plural: "Inquiries",
  table: inquiries,
  label: inquiryLabel,
  notFound: "That inquiry does not exist, or it was deleted.",
  rules: {
    submit: allow.anyone,
    read: allow.roleOrGrant("admin", "inquiries"),
    assign: allow.roleOrGrant("admin", "inquiries"),
    note: allow.roleOrGrant("admin", "inquiries"),
    setStatus: allow.roleOrGrant("admin", "inquiries"),
    export: allow.roleOrGrant("admin", "inquiries"),
    /** Erasure on request and the retention purge: admins (the purge also runs as the product). */
    forgetPerson: allow.role("admin"),
    purge: allow.role("admin"),
  },
  rowChecks: { assign: allowed, note: allowed, setStatus: allowed },
  actions: {
    submit: { words: "sent the inquiry", label: "Inquiry received" },
    assign: { words: "assigned the inquiry", label: "Inquiry assigned" },
    note: { words: "added a note to the inquiry", label: "Inquiry note added" },
    setStatus: { words: "changed the status of the inquiry", label: "Inquiry status changed" },
    forgetPerson: { words: "deleted the personal data of", label: "Personal data deleted" },
    purge: { words: "purged old inquiries", label: "Old inquiries purged" },
  },
});
