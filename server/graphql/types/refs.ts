import type { SessionSummary } from "../../domain/users/session-store.ts";
import type { Activity } from "../../domain/activity/index.ts";
import type { Media } from "../../domain/media/index.ts";
import type { Organization } from "../../domain/organizations/index.ts";
import type { Release } from "../../domain/releases/index.ts";
import type { PersonalAccessToken } from "../../domain/tokens/index.ts";
import type { User } from "../../domain/users/index.ts";
import { builder } from "../builder.ts";

/**
 * The object types, declared once so that each area's file can refer to the others
 * (a user's organization, an organization's members) without import cycles. Each area
 * implements its own.
 */
export const UserRef = builder.objectRef<User>("User");
export const SessionRef = builder.objectRef<SessionSummary>("Session");
export const OrganizationRef = builder.objectRef<Organization>("Organization");
export const MediaRef = builder.objectRef<Media>("Media");
export const ReleaseRef = builder.objectRef<Release>("Release");
export const ActivityRef = builder.objectRef<Activity>("Activity");
export const TokenRef = builder.objectRef<PersonalAccessToken>("PersonalAccessToken");
