# syntax=docker/dockerfile:1
# The production image: built in one stage, run in another with production dependencies
# only, as a user without privileges. See docs/operations.md, "Deploying" and "Containers".

ARG NODE_IMAGE=node:24-bookworm-slim

# --- build: every dependency, the client and server builds, then the dev tools pruned ---
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
# ADR 003: npm install with the committed lock (the lock pins every version).
RUN npm install --no-audit --no-fund
COPY . .
# Names the release: open portal tabs compare it with /builds/latest.json.
ARG BUILD_ID
ENV BUILD_ID=${BUILD_ID}
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# --- run: the build, the server's sources and production dependencies, nothing else ---
FROM ${NODE_IMAGE}
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data \
    MALLOC_ARENA_MAX=2 \
    MALLOC_TRIM_THRESHOLD_=131072 \
    MALLOC_MMAP_THRESHOLD_=131072
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/server ./server
COPY --from=build /app/app ./app
COPY --from=build /app/shared ./shared
COPY --from=build /app/content ./content
# npm run seed (demo data into PostgreSQL) runs from scripts/.
COPY --from=build /app/scripts ./scripts
# PGlite's folder and local uploads when no DATABASE_URL or S3_BUCKET is set: a volume.
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME ["/app/data"]
USER node
EXPOSE 3000
# Alive while the process answers (/healthz); a load balancer asks /readyz instead.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# npm start's command, with the image's Node 24 (the dev dependency that brings one is pruned).
CMD ["node", "--max-semi-space-size=16", "--expose-gc", "server/main.ts"]
