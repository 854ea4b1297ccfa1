import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ApiRequestError,
  authorizationHeader,
  createApiClient,
  getRetries,
  isError,
  retryStatuses,
  type CacheStore,
} from "./api-client.ts";
import { graphql } from "../graphql.ts";

const Viewer = graphql(`
  query Viewer {
    viewer {
      role
    }
  }
`);

const Revoke = graphql(`
  mutation Revoke($input: RevokeAccessTokenInput!) {
    revokeAccessToken(input: $input) {
      id
    }
  }
`);

type Call = { url: string; init: RequestInit };

/** A fetch that answers from a list of statuses, in order, and records each call. */
function server(statuses: number[], body: unknown = { data: { viewer: { role: "viewer" } } }) {
  const calls: Call[] = [];
  const fetch = (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const status = statuses[Math.min(calls.length - 1, statuses.length - 1)] ?? 200;
    return Promise.resolve(new Response(JSON.stringify(body), { status }));
  };
  return { fetch, calls };
}

describe("the GraphQL client's limits (spec §7, §9)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("gives up on a server that has not answered after 10000 ms, and not a moment before", async () => {
    vi.useFakeTimers();
    let aborted = false;
    // A server that never answers: only the client's own time limit ends the request.
    const fetch = (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener("abort", () => {
          aborted = true;
          reject(init.signal?.reason as Error);
        });
      });
    const pending = createApiClient({ fetch }).request(Viewer, {}, { method: "POST" });
    const outcome = pending.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(aborted).toBe(true);
    const error = await outcome;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe("The server took too long to answer. Please try again.");
  });

  it("counts a body that never ends against the same 10000 ms", async () => {
    vi.useFakeTimers();
    const fetch = (_url: string, init: RequestInit) =>
      Promise.resolve(
        new Response(
          new ReadableStream({
            start(controller) {
              // Headers now, then the body stalls until the request is aborted.
              init.signal?.addEventListener("abort", () => controller.error(init.signal?.reason));
            },
          }),
        ),
      );
    const outcome = createApiClient({ fetch })
      .request(Viewer, {}, { method: "POST" })
      .catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await outcome).toBeInstanceOf(ApiRequestError);
  });

  it("retries GET once, on 408, 409, 425, 429, 500, 502, 503 and 504", () => {
    expect(getRetries).toBe(1);
    expect(retryStatuses).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
  });
  it("treats any status from 400 to 599 as an error", () => {
    expect([399, 400, 599, 600].map(isError)).toEqual([false, true, true, false]);
  });

  it("logs a cache that fails to reset as 'Error on cache reset', and goes on", () => {
    const failure = new Error("storage is gone");
    const logged: [string, unknown][] = [];
    const cache = {
      get: () => undefined,
      set: () => undefined,
      has: () => false,
      clear: () => {
        throw failure;
      },
    } as unknown as CacheStore;
    const client = createApiClient({ cache, onError: (message, error) => logged.push([message, error]) });
    expect(() => client.resetCache()).not.toThrow();
    expect(logged).toEqual([["Error on cache reset", failure]]);
  });
});

describe("the Authorization header (spec §6)", () => {
  it("gives a token without a scheme word the Bearer prefix", () => {
    expect(authorizationHeader("dpat_abc")).toBe("Bearer dpat_abc");
    expect(authorizationHeader("Bearer dpat_abc")).toBe("Bearer dpat_abc");
    expect(authorizationHeader("Token dpat_abc")).toBe("Token dpat_abc");
  });

  it("is sent instead of the CSRF token when the client has a token", async () => {
    const { fetch, calls } = server([200]);
    await createApiClient({ fetch, token: "dpat_abc", csrfToken: () => "csrf" }).request(Viewer, {});
    const headers = new Headers(calls[0]?.init.headers);
    expect(headers.get("authorization")).toBe("Bearer dpat_abc");
    expect(headers.get("x-csrf-token")).toBeNull();
  });
});

describe("requests", () => {
  it("POST JSON {operationName, variables, query} with the CSRF token by default", async () => {
    const { fetch, calls } = server([200]);
    await createApiClient({ fetch, csrfToken: () => "csrf-1" }).request(Viewer, {});
    expect(calls[0]?.url).toBe("/graphql");
    expect(calls[0]?.init.method).toBe("POST");
    const body = JSON.parse(calls[0]?.init.body as string) as Record<string, unknown>;
    expect(body.operationName).toBe("Viewer");
    expect(body.variables).toEqual({});
    expect(String(body.query)).toContain("viewer");
    expect(new Headers(calls[0]?.init.headers).get("x-csrf-token")).toBe("csrf-1");
  });

  it.each(retryStatuses)("retry a GET once on %i", async (status) => {
    const { fetch, calls } = server([status, 200]);
    expect(await createApiClient({ fetch }).request(Viewer, {}, { method: "GET" })).toEqual({
      viewer: { role: "viewer" },
    });
    expect(calls).toHaveLength(2);
    expect(calls[0]?.url.startsWith("/graphql?query=")).toBe(true);
  });

  it("retry a GET only once", async () => {
    const { fetch, calls } = server([503, 503, 200]);
    await expect(createApiClient({ fetch }).request(Viewer, {}, { method: "GET" })).rejects.toMatchObject({
      status: 503,
    });
    expect(calls).toHaveLength(2);
  });

  it("never retry a write, nor a status outside the list", async () => {
    const write = server([503, 200], { data: { revokeAccessToken: { id: "1" } } });
    await expect(
      createApiClient({ fetch: write.fetch }).request(Revoke, { input: { id: "1" } }),
    ).rejects.toBeInstanceOf(ApiRequestError);
    expect(write.calls).toHaveLength(1);
    expect(write.calls[0]?.init.method).toBe("POST");
    const notListed = server([400, 200]);
    await expect(
      createApiClient({ fetch: notListed.fetch }).request(Viewer, {}, { method: "GET" }),
    ).rejects.toMatchObject({
      status: 400,
    });
    expect(notListed.calls).toHaveLength(1);
  });

  it("turn GraphQL errors into an error with the API's code and field messages", async () => {
    const { fetch } = server([200], {
      data: null,
      errors: [
        {
          message: "Enter a valid email address.",
          extensions: { code: "VALIDATION_FAILED", fields: { email: "Bad" } },
        },
      ],
    });
    await expect(createApiClient({ fetch }).request(Viewer, {})).rejects.toMatchObject({
      message: "Enter a valid email address.",
      errors: [{ code: "VALIDATION_FAILED", fields: { email: "Bad" } }],
    });
  });

  it("say so when the server cannot be reached", async () => {
    const fetch = () => Promise.reject(new TypeError("Failed to fetch"));
    await expect(createApiClient({ fetch }).request(Viewer, {})).rejects.toMatchObject({
      message: "The server could not be reached.",
      status: null,
    });
  });

  it("pass a 10 s timeout signal to every request", async () => {
    const { fetch, calls } = server([200]);
    await createApiClient({ fetch }).request(Viewer, {});
    expect(calls[0]?.init.signal).toBeInstanceOf(AbortSignal);
  });
});

describe("the cache", () => {
  it("is not used unless a call asks (no-cache by default)", async () => {
    const { fetch, calls } = server([200]);
    const client = createApiClient({ fetch });
    await client.request(Viewer, {});
    await client.request(Viewer, {});
    expect(calls).toHaveLength(2);
  });

  it("answers cache-first calls from memory until it is reset", async () => {
    const { fetch, calls } = server([200]);
    const client = createApiClient({ fetch });
    await client.request(Viewer, {}, { cache: "cache-first" });
    await client.request(Viewer, {}, { cache: "cache-first" });
    expect(calls).toHaveLength(1);
    client.resetCache();
    await client.request(Viewer, {}, { cache: "cache-first" });
    expect(calls).toHaveLength(2);
  });

  it("is reset on a 401, which also tells the page the session has ended", async () => {
    const ok = server([200]);
    let ended = 0;
    const statuses = [200, 401, 200];
    let call = 0;
    const fetch = (url: string, init: RequestInit) => {
      call += 1;
      return ok.fetch(url, init).then(
        () =>
          new Response(
            JSON.stringify(
              statuses[call - 1] === 401
                ? { errors: [{ message: "Your session has ended." }] }
                : { data: { viewer: null } },
            ),
            {
              status: statuses[call - 1] ?? 200,
            },
          ),
      );
    };
    const client = createApiClient({ fetch, onSessionEnded: () => (ended += 1) });
    await client.request(Viewer, {}, { cache: "cache-first" });
    await expect(client.request(Viewer, {})).rejects.toMatchObject({ status: 401, message: "Your session has ended." });
    expect(ended).toBe(1);
    await client.request(Viewer, {}, { cache: "cache-first" });
    expect(call).toBe(3);
  });
});
