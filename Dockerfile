# syntax=docker/dockerfile:1
# LetLead: a production image. Build with `docker build -t letlead .`, run with the environment
# described in docs/deployment.md (DATABASE_URL, SESSION_SECRET, APP_URL, SMTP_URL, STRIPE_*).

# ---- Build: every dependency, the web client, the prerendered pages and the server bundle ----
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NODE_ENV=development \
    npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false

# The manifest first, so that the dependency layer is reused while only source files change.
# `npm install`, not `npm ci`: see docs/deployment.md (the lockfile is resolved on one platform).
COPY package.json package-lock.json ./
RUN npm install

COPY . .
RUN npm run build \
 && npm prune --omit=dev \
 && npm cache clean --force

# ---- Runtime: the build output and production dependencies only, as an unprivileged user ----
FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data \
    npm_config_update_notifier=false

COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
# Read at run time: migrations (applied at start), the image sources and the public files.
COPY --from=build --chown=node:node /app/src/server/db/migrations ./src/server/db/migrations
COPY --from=build --chown=node:node /app/src/server/features/images/files ./src/server/features/images/files
COPY --from=build --chown=node:node /app/src/web/public ./src/web/public
COPY --from=build --chown=node:node /app/src/web/widget ./src/web/widget

# DATA_DIR holds the embedded database when DATABASE_URL is unset (a single instance only).
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME ["/app/data"]

# The official image's unprivileged user (uid 1000).
USER node
EXPOSE 3000

# Ready means the database answers: a load balancer takes an instance out of rotation on a 503.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# node directly (not npm): SIGTERM reaches the server, which finishes in-flight requests and stops.
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
