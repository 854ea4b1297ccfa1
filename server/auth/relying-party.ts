import * as client from "openid-client";
import type { IdentityClaims } from "../domain/users/index.ts";
import type { LoginTransaction } from "./login-transactions.ts";

export type RelyingPartySettings = {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  scopes: string;
  /** The site's /auth/logged-in, as the provider has it registered. */
  redirectUri: URL;
  /** The site's origin, where the provider sends people after signing out. */
  postLogoutRedirectUri: URL;
  /** Plain http: only ever for the embedded provider on a loopback address. */
  allowInsecureRequests: boolean;
};

export class ProviderUnavailableError extends Error {
  override name = "ProviderUnavailableError";
}

export type SignInResult = { claims: IdentityClaims; idToken: string };

/** Loopback hosts, where plain http never leaves the machine. */
export function isLoopback(url: URL): boolean {
  return ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname) || url.hostname.endsWith(".localhost");
}

/**
 * The site as an OpenID Connect client (authorization code + PKCE + state + nonce),
 * the same for the embedded provider and any external one (found by discovery).
 */
export function createRelyingParty(settings: RelyingPartySettings) {
  let configuration: Promise<client.Configuration> | undefined;

  /** Discovery runs on first use and is kept; a failure is retried on the next sign-in. */
  function discover(): Promise<client.Configuration> {
    configuration ??= client
      .discovery(
        settings.issuer,
        settings.clientId,
        undefined,
        client.ClientSecretBasic(settings.clientSecret),
        settings.allowInsecureRequests
          ? // Deprecated only as a warning sign: it is used for the loopback embedded provider alone.
            // eslint-disable-next-line @typescript-eslint/no-deprecated
            { execute: [client.allowInsecureRequests], timeout: 10 }
          : { timeout: 10 },
      )
      .catch((error: unknown) => {
        configuration = undefined;
        throw new ProviderUnavailableError(
          `discovery at ${settings.issuer.href} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
    return configuration;
  }

  async function authorizationUrl(transaction: LoginTransaction): Promise<URL> {
    const config = await discover();
    return client.buildAuthorizationUrl(config, {
      redirect_uri: settings.redirectUri.href,
      scope: settings.scopes,
      state: transaction.state,
      nonce: transaction.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(transaction.codeVerifier),
      code_challenge_method: "S256",
    });
  }

  /** Exchanges the code (once) and checks state, nonce, PKCE and the ID token; throws on any mismatch. */
  async function completeSignIn(callbackQuery: URLSearchParams, transaction: LoginTransaction): Promise<SignInResult> {
    const config = await discover();
    const currentUrl = new URL(settings.redirectUri);
    currentUrl.search = callbackQuery.toString();
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: transaction.codeVerifier,
      expectedState: transaction.state,
      expectedNonce: transaction.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims || !tokens.id_token) throw new Error("the provider returned no ID token");
    // Email and name often come from userinfo alone: without it, the sign-in cannot be trusted to be complete.
    const info = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub).catch((error: unknown) => {
      throw new ProviderUnavailableError(`userinfo failed: ${error instanceof Error ? error.message : String(error)}`);
    });
    const claim = (name: string): unknown => info[name] ?? idClaims[name];
    const text = (name: string) => {
      const value = claim(name);
      return typeof value === "string" ? value : null;
    };
    const verified = claim("email_verified");
    return {
      idToken: tokens.id_token,
      claims: {
        issuer: config.serverMetadata().issuer,
        subject: idClaims.sub,
        email: text("email"),
        name: text("name") ?? text("preferred_username"),
        picture: text("picture"),
        emailVerified: typeof verified === "boolean" ? verified : null,
      },
    };
  }

  /** The provider's sign-out address (RP-initiated logout), or null when it has none. */
  async function endSessionUrl(idToken: string | null): Promise<URL | null> {
    const config = await discover();
    if (!config.serverMetadata().end_session_endpoint) return null;
    return client.buildEndSessionUrl(config, {
      post_logout_redirect_uri: settings.postLogoutRedirectUri.href,
      client_id: settings.clientId,
      ...(idToken ? { id_token_hint: idToken } : {}),
    });
  }

  return { issuer: settings.issuer, authorizationUrl, completeSignIn, endSessionUrl };
}

export type RelyingParty = ReturnType<typeof createRelyingParty>;
