import { createContext } from "react-router";
import { defaultBuildPollMs } from "./build-update.ts";

/** Settings of the running server that pages need (BUILD_POLL_INTERVAL_S, say); the server fills it per request. */
export type AppConfig = { buildPollMs: number };

export const appConfigContext = createContext<AppConfig>({ buildPollMs: defaultBuildPollMs });
