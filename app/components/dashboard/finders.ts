import { personName } from "../../lib/format.ts";
import type { PickerOption } from "./search-picker.tsx";
import { graphql } from "../../lib/graphql.ts";

/**
 * What the portal's pickers search for, through the portal's GraphQL client (loaded with
 * the first search).
 */
const client = () => import("../../lib/portal/api.ts").then((module) => module.portalApi);

const FindOrganizations = graphql(`
  query FindOrganizations($search: String!) {
    organizations(search: $search, first: 8, sort: name) {
      nodes {
        id
        name
        city
        countryName
      }
    }
  }
`);

const FindPeople = graphql(`
  query FindPeople($search: String!) {
    users(search: $search, first: 8, sort: name) {
      nodes {
        id
        name
        email
        version
        organization {
          id
          name
        }
      }
    }
  }
`);

/** Organizations by name or city, each picked as `organizationId`. */
export async function findOrganizations(search: string): Promise<PickerOption[]> {
  const data = await (await client()).request(FindOrganizations, { search }, { method: "GET", cache: "cache-first" });
  return data.organizations.nodes.map((organization) => ({
    key: organization.id,
    fields: { organizationId: organization.id },
    label: organization.name,
    detail: `${organization.city}, ${organization.countryName}`,
  }));
}

/**
 * People by name or address, each picked as their row (`id`, `version`). Those already in
 * `organizationId` are shown but cannot be picked again.
 */
export function peopleFinder(organizationId: string) {
  return async (search: string): Promise<PickerOption[]> => {
    // Not kept: a row's version moves on with every change, and a picked person is sent at theirs.
    const data = await (await client()).request(FindPeople, { search }, { method: "GET" });
    return data.users.nodes.map((person) => {
      const member = person.organization?.id === organizationId;
      return {
        key: person.id,
        fields: { id: person.id, version: String(person.version) },
        label: personName(person),
        detail: member
          ? "Already a member"
          : [person.email, person.organization ? `now at ${person.organization.name}` : null]
              .filter(Boolean)
              .join(" · "),
        disabled: member,
      };
    });
  };
}

/** People by name or address, picked as the activity log's "who" filter. */
export async function findActors(search: string): Promise<PickerOption[]> {
  const data = await (await client()).request(FindPeople, { search }, { method: "GET", cache: "cache-first" });
  return data.users.nodes.map((person) => ({
    key: person.id,
    fields: { actor: person.id },
    label: personName(person),
    detail: person.name ? (person.email ?? undefined) : undefined,
  }));
}

const FindUploaders = graphql(`
  query FindUploaders($search: String!) {
    mediaUploaders(search: $search, first: 8) {
      id
      name
    }
  }
`);

/** People who uploaded files, picked as the media library's "uploaded by" filter. */
export async function findUploaders(search: string): Promise<PickerOption[]> {
  const data = await (await client()).request(FindUploaders, { search }, { method: "GET", cache: "cache-first" });
  return data.mediaUploaders.map((person) => ({ key: person.id, fields: { uploader: person.id }, label: person.name }));
}
