import { createContext as createReactContext, useContext } from "react";
import { createContext as createRouterContext } from "react-router";

/**
 * Prerendered pages are written once at build time, so they carry this placeholder;
 * the server swaps in a fresh nonce for every response it sends.
 */
export const noncePlaceholder = "DENSARA_CSP_NONCE";

/** Set by the HTTP server for each request; prerendering leaves the placeholder. */
export const nonceRouterContext = createRouterContext<string>(noncePlaceholder);

export const NonceContext = createReactContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
