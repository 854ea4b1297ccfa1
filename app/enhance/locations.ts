import { initLocate } from "./locate.ts";
import "./site.ts";

/** The locations page: the public pages' enhancements, and "Use my location". */
initLocate();
