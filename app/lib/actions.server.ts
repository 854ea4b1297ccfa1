import { data, redirect, type RouterContextProvider } from "react-router";
import type { ActionFailure } from "./action-failure.ts";
import type { MutationOutcome } from "./api.server.ts";
import { flash, type Flash } from "./flash.ts";
import { formOf } from "./form-data.ts";
import { withParams } from "./list-params.ts";

type Context = Readonly<RouterContextProvider>;

/** The submitted form, or a 400 that says what was wrong with the request. */
export async function readForm(request: Request): Promise<FormData> {
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
