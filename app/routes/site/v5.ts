import { redirect } from "react-router";

/** Spec §2: /v5 has no screen of its own; it is a permanent alias of the v5 product page. */
export function loader() {
  return redirect("/products/v5", 301);
}
