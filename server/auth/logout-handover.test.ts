import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../tests/support/databases.ts";
import { csrfTokenFor } from "../http/security/csrf.ts";
import { createLoginTransactions } from "./login-transactions.ts";
import type { RelyingParty } from "./relying-party.ts";
import { createSessionStore } from "../domain/users/session-store.ts";
import { loadConfig } from "../config.ts";
import { upsertUserFromClaims } from "../domain/users/index.ts";
import { createLogger } from "../log.ts";
import { createAuthRoutes } from "../http/auth-routes.ts";

/** An external provider, as far as sign-out is concerned: its end-session page is on another origin. */
function externalProvider(): RelyingParty {
  return {
    issuer: new URL("https://idp.example"),
    authorizationUrl: () => Promise.reject(new Error("not used")),
    completeSignIn: () => Promise.reject(new Error("not used")),
    endSessionUrl: (idToken) =>
      Promise.resolve(
        new URL(
          `https://idp.example/logout?id_token_hint=${idToken ?? ""}&post_logout_redirect_uri=https%3A%2F%2Fsite`,
        ),
      ),
  };
}

describe.each(databaseKinds)("sign-out at an external provider on %s", (kind) => {
  const database = useTestDatabase(kind);

  it("hands over with a page that moves on by itself, since a form post may not redirect off-site", async () => {
    const db = database().db;
    const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: "http://localhost:3000" });
    const sessions = createSessionStore(db, config.auth.session);
    const user = await upsertUserFromClaims(db, { issuer: "https://idp.example", subject: "u1" }, { adminEmails: [] });
    const { token } = await sessions.start(user.id, { idToken: "the-id-token" });
    const app = new Hono<{ Variables: { https: boolean } }>();
    app.use(async (c, next) => {
      c.set("https", false);
      await next();
    });
    app.route(
      "/auth",
      createAuthRoutes({
        config,
        db,
        relyingParty: externalProvider(),
        sessions,
        transactions: createLoginTransactions(db),
        adminEmails: [],
        pages: { stylesheets: ["/assets/app.css"], siteName: "Densara" },
        log: createLogger("error"),
      }),
    );

    const response = await app.request("/auth/logout", {
      method: "POST",
      headers: { cookie: `densara_session=${token}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrf: csrfTokenFor(token) }).toString(),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("set-cookie")).toMatch(/^densara_session=; .*Max-Age=0/);
    const html = await response.text();
    const target =
      "https://idp.example/logout?id_token_hint=the-id-token&amp;post_logout_redirect_uri=https%3A%2F%2Fsite";
    expect(html).toContain(`<meta http-equiv="refresh" content="0;url=${target}">`);
    expect(html).toContain(`<a class="font-semibold underline" href="${target}">Continue</a>`);
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css">');
    expect(await sessions.read(token)).toBeNull();
  });
});
