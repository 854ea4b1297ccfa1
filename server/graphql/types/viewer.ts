import { capitalized } from "../../../shared/words.ts";
import type { Actor } from "../../domain/core/access.ts";
import { capabilitiesOf, entities } from "../../domain/index.ts";
import { getUser, type User } from "../../domain/users/index.ts";
import { builder } from "../builder.ts";
import { UserRef } from "./refs.ts";

const ReachEnum = builder.enumType("Reach", {
  description: "How far the viewer may go with an operation: on every row, on some (their own), or not at all.",
  values: ["all", "some", "none"] as const,
});

type Viewer = { actor: Actor; user: User };

/** One object type per entity, with a field per operation, generated from the access rules themselves. */
const entityCapabilities = entities.map((entity) => ({
  entity: entity.name,
  type: builder
    .objectRef<Record<string, "all" | "some" | "none">>(`${capitalized(entity.name)}Capabilities`)
    .implement({
      fields: (t) =>
        Object.fromEntries(
          Object.keys(entity.rules).map((operation) => [
            operation,
            t.field({ type: ReachEnum, resolve: (reach) => reach[operation] ?? "none" }),
          ]),
        ),
    }),
}));

const CapabilitiesType = builder.objectRef<ReturnType<typeof capabilitiesOf>>("Capabilities").implement({
  description: "What the viewer may do, from the same rules the server enforces. The UI never re-derives a role check.",
  fields: (t) =>
    Object.fromEntries(
      entityCapabilities.map(({ entity, type }) => [
        entity,
        t.field({ type, resolve: (capabilities) => capabilities[entity] ?? {} }),
      ]),
    ),
});

type CapabilityRow = { entity: string; operation: string; reach: "all" | "some" | "none" };

const CapabilityType = builder.objectRef<CapabilityRow>("Capability").implement({
  description: "One operation the viewer may do, and how far.",
  fields: (t) => ({
    entity: t.exposeString("entity"),
    operation: t.exposeString("operation"),
    reach: t.field({ type: ReachEnum, resolve: (row) => row.reach }),
  }),
});

const ViewerType = builder.objectRef<Viewer>("Viewer").implement({
  description: "Who is asking, and what they may do.",
  fields: (t) => ({
    user: t.field({ type: UserRef, resolve: (viewer) => viewer.user }),
    role: t.string({
      description: "The role requests act with: a token's role is capped by its owner's.",
      resolve: (viewer) => viewer.actor.role,
    }),
    via: t.string({ description: "session (a browser) or token (a script).", resolve: (viewer) => viewer.actor.via }),
    sessionId: t.id({ nullable: true, resolve: (_viewer, _args, context) => context.sessionId }),
    capabilities: t.field({ type: CapabilitiesType, resolve: (viewer) => capabilitiesOf(viewer.actor) }),
    capabilityList: t.field({
      type: [CapabilityType],
      description: "The same as capabilities, as a list: every operation of every entity.",
      resolve: (viewer) =>
        Object.entries(capabilitiesOf(viewer.actor)).flatMap(([entity, operations]) =>
          Object.entries(operations).map(([operation, reach]) => ({ entity, operation, reach })),
        ),
    }),
    passwordResetPath: t.string({
      nullable: true,
      description: "Where to change the password, for accounts of the embedded identity provider.",
      resolve: (viewer, _args, context) =>
        context.embeddedIssuer !== null && viewer.user.issuer === context.embeddedIssuer
          ? "/idp/password/forgot"
          : null,
    }),
  }),
});

builder.queryFields((t) => ({
  viewer: t.field({
    type: ViewerType,
    nullable: true,
    description: "The signed-in person (or the owner of the token), or null for an anonymous request.",
    resolve: async (_root, _args, context) => {
      const { actor } = context.domain;
      if (!actor) return null;
      // Through the batched lookup, which the request's own session or token has usually filled already.
      const user = await context.loaders.user.load(actor.id);
      return { actor, user: user ?? (await getUser(context.domain, { id: actor.id })) };
    },
  }),
}));
