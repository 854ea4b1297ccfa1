import { data, type RouterContextProvider } from "react-router";
import { hostedLoginContext, type HostedLogin } from "../../shared/contracts/auth-context.ts";

/** The hosted pages exist only with the embedded provider; with an external one they are not found. */
export function hostedLogin(context: Readonly<RouterContextProvider>): HostedLogin {
  const service = context.get(hostedLoginContext);
  if (!service) throw data({ message: "Page not found" }, { status: 404 });
  return service;
}

/** A submitted text field, or undefined: the server-side checks say what is missing. */
export function formText(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
}
