import { AlertTriangle, CircleCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { RelativeTime } from "../../../components/dashboard/relative-time.tsx";
import { formatCount, formatDate, personName } from "../../../lib/format.ts";
import { graphql, type ResultOf } from "../../../lib/graphql.ts";

/** How far ahead the overview looks (its sentences say the same numbers), and how many items each card shows. */
export const attentionWindows = { invitationDays: 3, certificationDays: 60, signInHours: 72, shown: 5 } as const;
const { shown } = attentionWindows;

export const PeopleAttentionQuery = graphql(`
  query PeopleAttention($invitationDays: Int!, $signInHours: Int!, $first: Int!, $signInRows: Int!) {
    lapsingInvitations(withinDays: $invitationDays, first: $first) {
      nodes {
        id
        name
        email
        invitationExpiresAt
      }
      totalCount
      totalCountIsLowerBound
    }
    disabledUsersWithLiveTokens(first: $first) {
      nodes {
        id
        name
        email
        disabledAt
      }
      totalCount
      totalCountIsLowerBound
    }
    failedSignIns(withinHours: $signInHours, first: $signInRows) {
      available
      rows {
        failures
        lastFailedAt
        user {
          id
          name
          email
        }
      }
    }
  }
`);

export const OrganizationAttentionQuery = graphql(`
  query OrganizationAttention($certificationDays: Int!, $first: Int!) {
    expiringCertifications(withinDays: $certificationDays, first: $first) {
      nodes {
        id
        name
        city
        certifiedUntil
      }
      totalCount
      totalCountIsLowerBound
    }
  }
`);

export type PeopleAttention = ResultOf<typeof PeopleAttentionQuery>;
export type OrganizationAttention = ResultOf<typeof OrganizationAttentionQuery>;

type Item = { key: string; to: string; label: string; fact: ReactNode };
type Card = {
  id: string;
  title: string;
  /** What to do about it. */
  advice: string;
  /** The all-clear, when there is nothing. */
  clear: string;
  items: Item[];
  total: { count: number; more: boolean };
  all?: { to: string; label: string };
};

const userPanel = (id: string) => `/dashboard/admin/users?user=${id}`;

function cardsOf(people: PeopleAttention | null, organizations: OrganizationAttention | null, now: string): Card[] {
  const cards: Card[] = [];
  if (people) {
    const invitations = people.lapsingInvitations;
    cards.push({
      id: "lapsing-invitations",
      title: "Invitations about to lapse",
      advice: `Not accepted yet, and lapsing within ${attentionWindows.invitationDays} days or lapsed already: send them again or cancel them.`,
      clear: "No invitation lapses soon",
      items: invitations.nodes.map((user) => ({
        key: user.id,
        to: userPanel(user.id),
        label: personName(user),
        fact: user.invitationExpiresAt ? (
          <RelativeTime
            iso={user.invitationExpiresAt}
            now={now}
            prefix={user.invitationExpiresAt > now ? "lapses" : "lapsed"}
          />
        ) : null,
      })),
      total: { count: invitations.totalCount, more: invitations.totalCountIsLowerBound },
      all: { to: "/dashboard/admin/users?status=invited", label: "All open invitations" },
    });
    const disabled = people.disabledUsersWithLiveTokens;
    cards.push({
      id: "disabled-with-tokens",
      title: "Disabled, with working access tokens",
      advice:
        "Their tokens are refused while they are disabled, but would work again if they were enabled. Enabling and disabling them again revokes the tokens for good.",
      clear: "No disabled account has a working token",
      items: disabled.nodes.map((user) => ({
        key: user.id,
        to: userPanel(user.id),
        label: personName(user),
        fact: user.disabledAt ? <RelativeTime iso={user.disabledAt} now={now} prefix="disabled" /> : "disabled",
      })),
      total: { count: disabled.totalCount, more: disabled.totalCountIsLowerBound },
      all: { to: "/dashboard/admin/users?status=disabled", label: "All disabled people" },
    });
    if (people.failedSignIns.available) {
      const rows = people.failedSignIns.rows;
      cards.push({
        id: "failed-sign-ins",
        title: "Failed sign-ins",
        advice: `Wrong passwords in the last ${attentionWindows.signInHours} hours, with no sign-in since. Many in a row may be someone guessing: ask the person, or disable the account.`,
        clear: "No failed sign-ins",
        items: rows.slice(0, shown).map((row) => ({
          key: row.user.id,
          to: userPanel(row.user.id),
          label: personName(row.user),
          fact: (
            <>
              {formatCount(row.failures, "wrong password", "wrong passwords")},{" "}
              <RelativeTime iso={row.lastFailedAt} now={now} prefix="the latest" />
            </>
          ),
        })),
        // One row more than shown was asked for: it says whether there are more.
        total: { count: Math.min(rows.length, shown), more: rows.length > shown },
      });
    }
  }
  if (organizations) {
    const certifications = organizations.expiringCertifications;
    cards.push({
      id: "expiring-certifications",
      title: "Certifications ending",
      advice: `Certified organizations whose certification ends within ${attentionWindows.certificationDays} days, or has ended: renew it or mark it lapsed.`,
      clear: "No certification ends soon",
      items: certifications.nodes.map((organization) => ({
        key: organization.id,
        to: `/dashboard/admin/organizations?edit=${organization.id}`,
        label: organization.name,
        fact: organization.certifiedUntil ? (
          <RelativeTime
            iso={`${organization.certifiedUntil}T00:00:00Z`}
            now={now}
            prefix={organization.certifiedUntil >= now.slice(0, 10) ? "ends" : "ended"}
            text={formatDate(organization.certifiedUntil)}
          />
        ) : null,
      })),
      total: { count: certifications.totalCount, more: certifications.totalCountIsLowerBound },
      all: { to: "/dashboard/admin/organizations?certification=certified", label: "All certified organizations" },
    });
  }
  return cards;
}

function AttentionCard({ card }: { card: Card }) {
  const headingId = `attention-${card.id}`;
  const rest = card.total.count - card.items.length;
  return (
    <section
      aria-labelledby={headingId}
      className="grid content-start gap-3 rounded-2xl border-l-4 border-amber-500 p-5 ring-1 ring-gray-200 dark:border-amber-400 dark:ring-gray-800"
    >
      <h3 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
        <AlertTriangle aria-hidden="true" className="size-5 shrink-0 text-amber-700 dark:text-amber-300" />
        {card.title}
        <span className="rounded-full bg-amber-100 px-2 text-sm text-amber-950 tabular-nums dark:bg-amber-950 dark:text-amber-100">
          {card.total.count}
          {card.total.more ? "+" : ""}
        </span>
      </h3>
      <p className="text-base text-gray-700 dark:text-gray-300">{card.advice}</p>
      <ul className="grid divide-y divide-gray-200 dark:divide-gray-800">
        {card.items.map((item) => (
          <li key={item.key} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2">
            <Link
              to={item.to}
              className="min-w-0 font-semibold break-words text-bdblue-700 underline-offset-2 hover:underline dark:text-bdblue-300"
            >
              {item.label}
            </Link>
            <span className="text-sm text-gray-700 dark:text-gray-300">{item.fact}</span>
          </li>
        ))}
      </ul>
      {card.all && rest > 0 ? (
        <Link to={card.all.to} className="text-sm font-semibold text-bdblue-700 underline dark:text-bdblue-300">
          {card.all.label} ({rest} more here)
        </Link>
      ) : null}
    </section>
  );
}

/**
 * The overview's first section for admins: what needs someone to act, each item leading
 * to the record where it is done, and a plain all-clear for what was checked and is fine.
 */
export function NeedsAttention({
  people,
  organizations,
  now,
}: {
  people: PeopleAttention | null;
  organizations: OrganizationAttention | null;
  now: string;
}) {
  const cards = cardsOf(people, organizations, now);
  if (cards.length === 0) return null;
  const open = cards.filter((card) => card.total.count > 0);
  const clear = cards.filter((card) => card.total.count === 0);
  return (
    <section aria-labelledby="attention" className="grid gap-3">
      <h2 id="attention" className="text-xl font-semibold">
        Needs attention
      </h2>
      {open.length > 0 ? (
        <div className="grid gap-4 lg:grid-cols-2">
          {open.map((card) => (
            <AttentionCard key={card.id} card={card} />
          ))}
        </div>
      ) : null}
      {clear.length > 0 ? (
        <div className="flex items-start gap-3 rounded-2xl p-4 ring-1 ring-gray-200 dark:ring-gray-800">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700 dark:text-emerald-300" />
          <div className="grid gap-1">
            <p className="text-base font-semibold">
              {open.length === 0 ? "Nothing needs your attention" : "All clear"}
            </p>
            <ul className="text-base text-gray-700 dark:text-gray-300">
              {clear.map((card) => (
                <li key={card.id}>{card.clear}.</li>
              ))}
              {people && !people.failedSignIns.available ? (
                <li>Sign-ins happen at your identity provider: its own records show failed attempts.</li>
              ) : null}
            </ul>
          </div>
        </div>
      ) : null}
    </section>
  );
}
