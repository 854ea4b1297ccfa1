import { z } from "zod";
import { rowVersion } from "../core/fields.ts";
import { organizationEntity, type Organization } from "./entity.ts";
import { certificationFields, certifiedNeedsDate, organizationFields } from "./fields.ts";

/** The fields the activity log compares. */
function recorded(organization: Organization): Record<string, unknown> {
  const { id: _id, createdAt: _created, updatedAt: _updated, version: _version, ...fields } = organization;
  return fields;
}

export const createOrganization = organizationEntity.write({
  operation: "create",
  doing: "add organizations",
  input: certifiedNeedsDate(z.object(organizationFields)),
  run: async (scope, input): Promise<Organization> => {
    const created = await scope.insert({ ...input, createdAt: scope.now, updatedAt: scope.now });
    await scope.audit({ row: created, after: recorded(created) });
    return created;
  },
});

/** Replaces everything about an organization, at the version the editor read. */
export const updateOrganization = organizationEntity.write({
  operation: "update",
  doing: "edit organizations",
  input: certifiedNeedsDate(z.object({ ...rowVersion, ...organizationFields })),
  run: async (scope, input): Promise<Organization> => {
    const { row: organization } = await scope.target(input);
    const { id: _id, version: _version, ...changes } = input;
    const updated = await scope.update(input, changes);
    await scope.audit({ row: updated, before: recorded(organization), after: recorded(updated) });
    return updated;
  },
});

export const setPublicListing = organizationEntity.write({
  operation: "setPublicListing",
  doing: "change public listings",
  input: z.object({ ...rowVersion, publicListing: z.boolean({ error: "Say whether to list it publicly." }) }),
  run: async (scope, input): Promise<Organization> => {
    const { row: organization } = await scope.target(input);
    const updated = await scope.update(input, { publicListing: input.publicListing });
    await scope.audit({
      row: updated,
      before: { publicListing: organization.publicListing },
      after: { publicListing: updated.publicListing },
    });
    return updated;
  },
});

export const certifyOrganization = organizationEntity.write({
  operation: "certify",
  doing: "change certifications",
  input: certifiedNeedsDate(z.object({ ...rowVersion, ...certificationFields })),
  run: async (scope, input): Promise<Organization> => {
    const { row: organization } = await scope.target(input);
    const updated = await scope.update(input, {
      certificationStatus: input.certificationStatus,
      certifiedUntil: input.certifiedUntil,
    });
    await scope.audit({
      row: updated,
      before: { certificationStatus: organization.certificationStatus, certifiedUntil: organization.certifiedUntil },
      after: { certificationStatus: updated.certificationStatus, certifiedUntil: updated.certifiedUntil },
    });
    return updated;
  },
});

/** Deletes an organization at the version the editor read; its members stay, without an organization. */
export const deleteOrganization = organizationEntity.write({
  operation: "delete",
  doing: "delete organizations",
  input: z.object(rowVersion),
  run: async (scope, input): Promise<Organization> => {
    await scope.target(input);
    const deleted = await scope.remove(input);
    await scope.audit({ row: deleted, before: recorded(deleted) });
    return deleted;
  },
});
