import { hkdfSync, type JsonWebKey } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import Provider, { type Configuration, type KoaContextWithOIDC } from "oidc-provider";
import type { Database } from "../db/client.ts";
import type { Logger } from "../log.ts";
import { findIdpAccountById } from "./accounts.ts";
import { createIdpAdapterFactory } from "./adapter.ts";
import { loadOrCreateSigningKeys } from "./keys.ts";
import { loginTransactionTtlS } from "../auth/login-transactions.ts";
import { allowInlineScript, escapeHtml, providerPage, type ProviderPageOptions } from "../web/pages.ts";

/** Where the embedded identity provider lives on this site. */
export const embeddedProviderPath = "/idp";

export const unknownProviderAddressMessage =
  "The sign-in service has nothing at this address, or does not take this kind of request here. Start again from Sign in on the site.";
/** The hosted pages (sign in, sign up, password reset) are the app's own routes under the provider's path. */
export const hostedPagePrefixes = [`${embeddedProviderPath}/interaction/`, `${embeddedProviderPath}/password/`];
const embeddedClientId = "densara-web";
/** How long a sign-in page at the provider works; the site's own sign-in transaction lasts as long. */
const interactionTtlS = loginTransactionTtlS;

/**
 * The provider builds its URLs and cookie flags from the request. Its issuer is fixed,
 * so the request is told the public origin outright, whatever proxies say or omit:
 * Secure cookies work behind a TLS-terminating proxy, and a forged X-Forwarded-Host
 * changes nothing.
 */
export function pinPublicOrigin(request: IncomingMessage, publicUrl: URL): void {
  request.headers["x-forwarded-proto"] = publicUrl.protocol.replace(":", "");
  request.headers["x-forwarded-host"] = publicUrl.host;
}

/**
 * Secrets the provider needs beyond its signing key (cookie signing, the site's client
 * secret), derived from that key: every process agrees on them without another table,
 * and they change if the key is ever replaced.
 */
function deriveSecret(key: JsonWebKey, purpose: string): string {
  if (typeof key.d !== "string") throw new Error("the signing key has no private part");
  return Buffer.from(hkdfSync("sha256", Buffer.from(key.d, "base64url"), "densara-idp", purpose, 32)).toString(
    "base64url",
  );
}

export type EmbeddedProvider = {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  provider: Provider;
  /** Serves a request under /idp (the Node request's URL still carries the /idp prefix). */
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>;
};

export async function createEmbeddedProvider(options: {
  db: Database;
  publicUrl: URL;
  pages: ProviderPageOptions;
  /** The provider's own session lasts no longer than the site's idle timeout. */
  sessionTtlS: number;
  log: Logger;
}): Promise<EmbeddedProvider> {
  const { db, publicUrl, pages, log } = options;
  const keys = await loadOrCreateSigningKeys(db);
  const [newest] = keys.slice(-1);
  if (!newest) throw new Error("the embedded provider has no signing key");
  const issuer = new URL(embeddedProviderPath, publicUrl);
  const clientSecret = deriveSecret(newest, "client-secret");
  const secure = publicUrl.protocol === "https:";

  const configuration: Configuration = {
    adapter: createIdpAdapterFactory(db),
    jwks: { keys },
    clients: [
      {
        client_id: embeddedClientId,
        client_secret: clientSecret,
        client_name: pages.siteName,
        redirect_uris: [new URL("/auth/logged-in", publicUrl).href],
        post_logout_redirect_uris: [new URL("/", publicUrl).href],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    cookies: {
      keys: [deriveSecret(newest, "cookies")],
      long: { signed: true, httpOnly: true, sameSite: "lax", secure },
      short: { signed: true, httpOnly: true, sameSite: "lax", secure },
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    async findAccount(_ctx, sub) {
      const account = await findIdpAccountById(db, sub);
      if (!account) return undefined;
      return {
        accountId: account.id,
        claims: () => ({
          sub: account.id,
          email: account.email,
          email_verified: account.emailVerified,
          name: account.name,
        }),
      };
    },
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // Sent by the site with the ID token of a session it has just ended: sign out here too,
        // without asking again. Without that hint (any other site could link here), ask.
        logoutSource(ctx: KoaContextWithOIDC, form: string) {
          if (typeof ctx.oidc.params?.id_token_hint !== "string") {
            ctx.body = providerPage(pages, {
              title: "Sign out",
              body: `<h1 class="text-3xl font-bold tracking-tight">Sign out of ${escapeHtml(pages.siteName)}?</h1>
${form.replace("</form>", '<input type="hidden" name="logout" value="yes"/></form>')}
<button type="submit" form="op.logoutForm" class="inline-flex min-h-12 items-center justify-center rounded-lg bg-bdblue-600 px-6 text-base font-semibold text-white hover:bg-bdblue-700 dark:bg-bdblue-400 dark:text-gray-950">Sign out</button>
<p><a class="underline" href="/">Stay signed in and go to the home page</a></p>`,
            });
            return;
          }
          const script = allowInlineScript(ctx.res, "document.forms[0].submit();");
          ctx.body = providerPage(pages, {
            title: "Signing out",
            body: `<h1 class="text-3xl font-bold tracking-tight">Signing you out…</h1>
${form.replace("</form>", '<input type="hidden" name="logout" value="yes"/></form>')}
<p>If nothing happens, choose the button.</p>
<button type="submit" form="op.logoutForm" class="inline-flex min-h-12 items-center justify-center rounded-lg bg-bdblue-600 px-6 text-base font-semibold text-white hover:bg-bdblue-700 dark:bg-bdblue-400 dark:text-gray-950">Sign out</button>`,
            script,
          });
        },
        postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
          ctx.body = providerPage(pages, {
            title: "Signed out",
            body: `<h1 class="text-3xl font-bold tracking-tight">You are signed out</h1><p><a class="underline" href="/">Go to the home page</a></p>`,
          });
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `${embeddedProviderPath}/interaction/${interaction.uid}` },
    // The site is the provider's only client and first-party: no consent screen.
    async loadExistingGrant(ctx) {
      const client = ctx.oidc.client;
      const session = ctx.oidc.session;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      // Whatever the site asks for (OIDC_SCOPES); the provider only issues the scopes it knows.
      grant.addOIDCScope([...ctx.oidc.requestParamScopes].join(" "));
      await grant.save();
      return grant;
    },
    ttl: {
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      AccessToken: 60 * 60,
      Interaction: interactionTtlS,
      Session: options.sessionTtlS,
      Grant: 14 * 24 * 60 * 60,
    },
    renderError(ctx, out, error) {
      log.warn("identity provider error", { error: out.error, description: out.error_description });
      const description = typeof out.error_description === "string" ? out.error_description : "";
      ctx.type = "html";
      ctx.body = providerPage(pages, {
        title: "Sign-in could not continue",
        body: `<h1 class="text-3xl font-bold tracking-tight">Sign-in could not continue</h1>
<p>${escapeHtml(description || (error instanceof Error ? error.message : "The request was not valid."))}</p>
<p>This happens when a sign-in page was left open too long or opened in another browser.</p>
<p><a class="font-semibold underline" href="/auth/login">Start signing in again</a> or <a class="underline" href="/">go to the home page</a>.</p>`,
      });
    },
  };

  const provider = new Provider(issuer.href, configuration);
  // Safe whatever TRUST_PROXY says: every request is pinned to the public origin first.
  provider.proxy = true;
  provider.on("server_error", (_ctx, error) => log.error("identity provider failure", { error: error.message }));
  // An address the provider has no route for gets Koa's bare "Not Found"; say it in a sentence, as every other 4xx does.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.status === 404 && ctx.body === undefined) {
      ctx.status = 404;
      ctx.type = "text/plain; charset=utf-8";
      ctx.set("Cache-Control", "no-store");
      ctx.body = unknownProviderAddressMessage;
    }
  });
  const callback = provider.callback();

  return {
    issuer,
    clientId: embeddedClientId,
    clientSecret,
    provider,
    async handle(request, response) {
      // The provider expects its mount path stripped, with the full path kept as originalUrl (as Express does).
      pinPublicOrigin(request, publicUrl);
      const url = request.url ?? "/";
      // "/idp?x" leaves "?x", which the provider's router cannot read: it gets "/?x".
      const rest = url.slice(embeddedProviderPath.length);
      Object.assign(request, { originalUrl: url, url: rest.startsWith("/") ? rest : `/${rest}` });
      await callback(request, response);
    },
  };
}
