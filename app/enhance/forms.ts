import { initPublicForms } from "./public-form.ts";
import "./site.ts";

/** Pages with a public form: the public pages' enhancements, and the form's. */
initPublicForms();
