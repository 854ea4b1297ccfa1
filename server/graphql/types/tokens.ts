import {
  createToken,
  listTokens,
  revokeToken,
  tokenLifetimesDays,
  type PersonalAccessToken,
} from "../../domain/tokens.ts";
import { builder } from "../builder.ts";
import { TokenRef, UserRef } from "./refs.ts";
import { RoleEnum } from "./users.ts";

TokenRef.implement({
  description: "A personal access token for scripts. The token itself is shown once, when it is created.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    prefix: t.exposeString("prefix", { description: "Its first characters, to tell tokens apart." }),
    role: t.expose("role", { type: RoleEnum, description: "The most it can do; never more than its owner's role." }),
    owner: t.field({
      type: UserRef,
      nullable: true,
      resolve: (token, _args, context) => context.loaders.user.load(token.userId),
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    expiresAt: t.expose("expiresAt", { type: "DateTime" }),
    lastUsedAt: t.expose("lastUsedAt", { type: "DateTime", nullable: true }),
    revokedAt: t.expose("revokedAt", { type: "DateTime", nullable: true }),
  }),
});

const CreatedTokenType = builder.objectRef<{ token: string; record: PersonalAccessToken }>("CreatedToken").implement({
  fields: (t) => ({
    token: t.exposeString("token", { description: "Copy it now: it is never shown again." }),
    record: t.field({ type: TokenRef, resolve: (created) => created.record }),
  }),
});

const CreateTokenInput = builder.inputType("CreateTokenInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    role: t.field({ type: RoleEnum, required: true }),
    expiresInDays: t.int({ required: true, description: `One of ${tokenLifetimesDays.join(", ")}.` }),
  }),
});

builder.queryFields((t) => ({
  accessTokens: t.field({
    type: [TokenRef],
    description: "Your personal access tokens (an admin may ask for anyone's), newest first.",
    args: { userId: t.arg.id() },
    resolve: (_root, args, context) => listTokens(context.domain, { userId: args.userId ?? undefined }),
  }),
}));

builder.mutationFields((t) => ({
  createAccessToken: t.field({
    type: CreatedTokenType,
    args: { input: t.arg({ type: CreateTokenInput, required: true }) },
    resolve: (_root, { input }, context) => createToken(context.domain, input),
  }),
  revokeAccessToken: t.field({
    type: TokenRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => revokeToken(context.domain, { id: args.id }),
  }),
}));
