import { data, redirect, type RouterContextProvider } from "react-router";
import type { ActionFailure } from "./action-failure.ts";
import type { MutationOutcome } from "./api.server.ts";
import { flash, type Flash } from "./flash.ts";
import { formOf } from "./form-data.ts";
import { withParams } from "./list-params.ts";

type Context = Readonly<RouterContextProvider>;

/** A form's body types; anything else is not a form (JSON, text, XML, no type at all). */
const formTypes = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data\s*;.*\bboundary=)/i;

/**
 * The submitted form, or a clear 4xx that changes nothing: 415 when the body is not a
 * form at all, 400 when it claims to be one but cannot be read (a broken multipart body).
 */
export async function readForm(request: Request): Promise<FormData> {
  if (!formTypes.test(request.headers.get("content-type") ?? "")) {
    throw data(
      {
        name: "That request was not a form",
        message: "Send the form from the page (as a form, not JSON or text); nothing was changed.",
      },
      { status: 415 },
    );
  }
  const form = await formOf(request);
  if (!form) {
    throw data(
      { name: "That request was not understood", message: "Send the form from the page; nothing was changed." },
      { status: 400 },
    );
  }
  return form;
}

/** Post/redirect/get: the write worked, so say so on the page the redirect lands on. */
export function succeeded(
  context: Context,
  url: URL,
  message: Omit<Flash, "color"> & { color?: Flash["color"] },
  params: Record<string, string | null> = {},
) {
  flash(context, { color: "success", ...message });
  return redirect(`${url.pathname}${withParams(url.search, params)}`, 303);
}

/** The write was refused or failed: the page shows the reason, and the form keeps what was typed. */
export function failed(intent: string, outcome: Extract<MutationOutcome<unknown>, { ok: false }>, form?: FormData) {
  const values: Record<string, string> = {};
  for (const [name, value] of form?.entries() ?? []) {
    if (typeof value === "string" && name !== "csrf") values[name] = value.slice(0, 2000);
  }
  return data<ActionFailure>(
    { intent, message: outcome.error.message, fields: outcome.error.fields ?? {}, values },
    { status: outcome.status },
  );
}

/** An intent the page does not send: refused plainly. */
export function unknownIntent() {
  return data<ActionFailure>(
    { intent: "", message: "That action is not one this page knows; nothing was changed.", fields: {}, values: {} },
    { status: 400 },
  );
}
