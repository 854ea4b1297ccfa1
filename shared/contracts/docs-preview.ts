import { createContext } from "react-router";

/**
 * Spec §4 preview mode, as the docs reader carries it between requests: a cookie the
 * server reads into `incoming` and writes from `outgoing` (see server/http/react-router.ts),
 * like the flash message. Its value is "on", "staging", or "token-<token>" for a
 * preview link. What it shows is the domain's decision alone: drafts only ever reach an
 * editor or an admin, and a token is checked again on every request.
 */
export type PreviewBox = {
  incoming: string | null;
  /** undefined: leave the cookie as it is; null: clear it. */
  outgoing: string | null | undefined;
};

export const docsPreviewContext = createContext<PreviewBox>({ incoming: null, outgoing: undefined });

/** The preview cookie's life: as long as a preview link (8 hours). */
export const previewCookieMaxAgeS = 8 * 60 * 60;

/** Whether this request reads in preview mode, and how it was turned on (for the banner). */
export type PreviewState = { on: false } | { on: true; staging: boolean; link: boolean };

export type PreviewRequest = { kind: "editor"; staging: boolean } | { kind: "token"; token: string };

/** The stored preview choice, or undefined for none (or a value this server did not write). */
export function parsePreviewCookie(value: string | null): PreviewRequest | undefined {
  if (value === "on" || value === "staging") return { kind: "editor", staging: value === "staging" };
  const token = value?.startsWith("token-") ? value.slice("token-".length) : "";
  return /^[A-Za-z0-9_-]{16,200}$/.test(token) ? { kind: "token", token } : undefined;
}

export function previewCookieValue(request: PreviewRequest): string {
  if (request.kind === "token") return `token-${request.token}`;
  return request.staging ? "staging" : "on";
}

/** The URL's preview switches (spec §4), or undefined when it has none. */
export type PreviewSwitch = { turn: "off" } | { turn: "on"; request: PreviewRequest };

const switches = ["preview", "staging", "previewToken"] as const;

export function previewSwitchOf(params: URLSearchParams): PreviewSwitch | undefined {
  if (!switches.some((name) => params.has(name))) return undefined;
  const token = params.get("previewToken");
  if (token !== null) {
    const request = parsePreviewCookie(`token-${token}`);
    return request ? { turn: "on", request } : { turn: "off" };
  }
  const on = params.get("preview") === "true";
  const staging = ["true", "1", ""].includes(params.get("staging") ?? "no");
  return on ? { turn: "on", request: { kind: "editor", staging } } : { turn: "off" };
}

/** The same address without the preview switches: where a switch redirects to. */
export function withoutPreviewSwitches(url: URL): string {
  const params = new URLSearchParams(url.search);
  for (const name of switches) params.delete(name);
  const search = params.toString();
  return `${url.pathname}${search ? `?${search}` : ""}${url.hash}`;
}
