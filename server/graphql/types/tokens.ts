import {
  createToken,
  listTokens,
  revokeToken,
  tokenEntity,
  tokenIsActive,
  type PersonalAccessToken,
} from "../../domain/tokens/index.ts";
import { builder } from "../builder.ts";
import { mutationField, queryField, rowCapabilities } from "../operations.ts";
import { TokenRef, UserRef } from "./refs.ts";
import { RoleEnum } from "./users.ts";

const TokenCan = rowCapabilities<PersonalAccessToken>(tokenEntity, (token) => token.id);

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
    active: t.boolean({
      description: "Whether it works now: neither revoked nor expired.",
      resolve: (token, _args, context) => tokenIsActive(token, context.domain.now()),
    }),
    can: t.field({ type: TokenCan, resolve: (token) => token }),
  }),
});

const CreatedTokenType = builder.objectRef<{ token: string; record: PersonalAccessToken }>("CreatedToken").implement({
  fields: (t) => ({
    token: t.exposeString("token", { description: "Copy it now: it is never shown again." }),
    record: t.field({ type: TokenRef, resolve: (created) => created.record }),
  }),
});

queryField("accessTokens", {
  operation: listTokens,
  type: [TokenRef],
  description: "Your personal access tokens (an admin may ask for anyone's), newest first.",
});

mutationField("createAccessToken", { operation: createToken, type: CreatedTokenType });
mutationField("revokeAccessToken", { operation: revokeToken, type: TokenRef });
