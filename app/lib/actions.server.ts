import { Kind, type DocumentNode } from "@0no-co/graphql.web";
import type { TadaDocumentNode } from "gql.tada";
import { data, redirect, type RouterContextProvider } from "react-router";
import type { ActionFailure } from "./action-failure.ts";
import { mutate, submit, type MutationOutcome } from "./api.server.ts";
import { flash, type Flash } from "../../shared/contracts/flash.ts";
import { formOf, text } from "./form-data.ts";
import { submittedFormContext } from "../../shared/contracts/submitted-form.ts";
import { withParams } from "./list-params.ts";

type Context = Readonly<RouterContextProvider>;

/** A form's body types; anything else is not a form (JSON, text, XML, no type at all). */
const formTypes = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data\s*;.*\bboundary=)/i;

/**
 * The submitted form, or a clear 4xx that changes nothing: 415 when the body is not a
 * form at all, 400 when it claims to be one but cannot be read (a broken multipart body).
 * A form the server already read (the CSRF check) is taken as it was read: a body is
 * read once.
 */
export async function readForm(request: Request, context: Context): Promise<FormData> {
  if (!formTypes.test(request.headers.get("content-type") ?? "")) {
    throw data(
      {
        name: "That request was not a form",
        message: "Send the form from the page (as a form, not JSON or text); nothing was changed.",
      },
      { status: 415 },
    );
  }
  const form = context.get(submittedFormContext) ?? (await formOf(request));
  if (!form) {
    throw data(
      { name: "That request was not understood", message: "Send the form from the page; nothing was changed." },
      { status: 400 },
    );
  }
  return form;
}

/** What a page says after a write worked: the toast, and the list's parameters to change (a panel to close). */
export type Done = Omit<Flash, "color"> & { params?: Record<string, string | null> };

/** Post/redirect/get: the write worked, so say so on the page the redirect lands on. */
function succeeded(context: Context, url: URL, done: Done) {
  const { params = {}, ...message } = done;
  flash(context, { color: "success", ...message });
  return redirect(`${url.pathname}${withParams(url.search, params)}`, 303);
}

/** Fields a page sends without anyone typing them: a problem with one is said in the form's own message. */
const unseenFields = ["id", "version"] as const;

/** The write was refused or failed: the page shows the reason, and the form keeps what was typed. */
export function failed(intent: string, outcome: Extract<MutationOutcome<unknown>, { ok: false }>, form?: FormData) {
  const values: Record<string, string> = {};
  for (const [name, value] of form?.entries() ?? []) {
    if (typeof value !== "string" || name === "csrf") continue;
    // A name sent more than once (a list of checkboxes) keeps every value, a line each.
    values[name] = (Object.hasOwn(values, name) ? `${values[name]}\n${value}` : value).slice(0, 20_000);
  }
  const fields = outcome.error.fields ?? {};
  const unseen = unseenFields.map((name) => fields[name]).find(Boolean);
  return data<ActionFailure>(
    { intent, message: unseen ?? outcome.error.message, fields, values },
    { status: outcome.error.status ?? 500 },
  );
}

/** An intent the page does not send: refused plainly. */
function unknownIntent() {
  return data<ActionFailure>(
    { intent: "", message: "That action is not one this page knows; nothing was changed.", fields: {}, values: {} },
    { status: 400 },
  );
}

/**
 * One of a page's forms: the mutation it sends (its fields are the mutation's `input`,
 * read and checked by the server), and what the page says once it has worked. A mutation
 * that takes nothing (its input is the request's own) runs without the form's fields.
 */
export type Intent<Answer = never> = {
  document: DocumentNode;
  /** The toast after the redirect; or `answer` for a page that shows the result itself (a token shown once). */
  done: (data: never) => Done | { answer: Answer };
};

export function intent<Data, Variables, Answer = never>(
  document: TadaDocumentNode<Data, Variables>,
  done: (data: Data) => Done | { answer: Answer },
): Intent<Answer> {
  return { document, done: done };
}

function takesInput(document: DocumentNode): boolean {
  const operation = document.definitions[0];
  return operation?.kind === Kind.OPERATION_DEFINITION && (operation.variableDefinitions?.length ?? 0) > 0;
}

/**
 * A page's action: it reads the form, picks the form by its `intent`, and sends it as the
 * intent's mutation. The page parses no field itself: what the form may send, and what
 * each value must be, is the mutation's input, which the server makes from the domain's
 * own schema. `path` and `intents` are how the form-tampering test finds every form.
 */
export function formActions<Answer = never>(path: string, intents: Record<string, Intent<Answer>>) {
  return {
    path,
    intents,
    async action({ request, context, url }: { request: Request; context: Context; url: URL }) {
      const form = await readForm(request, context);
      const name = text(form, "intent") ?? "";
      const chosen = Object.hasOwn(intents, name) ? intents[name] : undefined;
      if (!chosen) return unknownIntent();
      const outcome = takesInput(chosen.document)
        ? await submit(context, chosen.document as TadaDocumentNode<unknown, { input: unknown }>, form)
        : await mutate(context, chosen.document as TadaDocumentNode<unknown, Record<string, never>>, {});
      if (!outcome.ok) return failed(name, outcome, form);
      const done = chosen.done(outcome.data as never);
      return "answer" in done ? done.answer : succeeded(context, url, done);
    },
  };
}
