import type { Database } from "../../db/client.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import type { Actor } from "../core/access.ts";
import type { User } from "./entity.ts";

/** The mail that brings an invited person in; `howToSignIn` comes from the identity provider's port. */
export function invitationMail(
  inviter: Actor,
  invitee: User,
  howToSignIn: string,
): { to: string; subject: string; text: string } {
  const expires = invitee.invitationExpiresAt?.toUTCString() ?? "";
  return {
    to: invitee.email ?? "",
    subject: "You are invited to the Densara portal",
    text: [
      `Hello${invitee.name ? ` ${invitee.name}` : ""},`,
      "",
      `${inviter.label} has invited you to the Densara portal as ${/^[aeiou]/.test(invitee.role) ? "an" : "a"} ${invitee.role}.`,
      "",
      howToSignIn,
      "",
      `This invitation works until ${expires}. If you did not expect it, ignore this message.`,
    ].join("\n"),
  };
}

/** A note about a change to someone's account, when they have asked for those (and have signed in). */
export async function mailAccountChange(db: Database, user: User, subject: string, lines: string[]): Promise<void> {
  if (!user.email || !user.notifyAccountChanges || user.status === "invited") return;
  await enqueueMail(db, {
    to: user.email,
    subject,
    text: [
      `Hello ${user.name ?? user.email},`,
      "",
      ...lines,
      "",
      "You receive these messages because of the notification settings of your Densara account.",
    ].join("\n"),
  });
}

/** Tells the owner their account signed in from a browser none of their sessions came from. */
export async function mailNewSignIn(db: Database, user: User, at: Date, userAgent: string): Promise<void> {
  if (!user.email) return;
  await enqueueMail(db, {
    to: user.email,
    subject: "New sign-in to your Densara account",
    text: [
      `Hello ${user.name ?? user.email},`,
      "",
      `Your account signed in from a browser it has not used lately, at ${at.toUTCString()}:`,
      userAgent,
      "",
      "If this was you, there is nothing to do. If not, reset your password and sign out your other sessions in Settings.",
      "",
      "You can turn these messages off in Settings, under Notifications.",
    ].join("\n"),
  });
}
