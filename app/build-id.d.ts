/** The id of the build the page runs (scripts/vite/build-info.ts). */
declare const __BUILD_ID__: string;
