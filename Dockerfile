# syntax=docker/dockerfile:1
# The marketplace in one image (README "Running with Docker"): the web app is built in the first
# stage; the second runs the server from its TypeScript sources, whose types Node strips itself
# (docs/decisions/0002), as the unprivileged user `node`, with pg_dump/pg_restore for
# `npm run backup` and `npm run restore`. Node 24 is the version CI tests (README "Two commands").

ARG NODE_IMAGE=node:24-trixie-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The manifests first, so the dependencies stay cached while only source files change.
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# The static ffprobe and ffmpeg that check and remux story videos come with the dependencies;
# their install scripts make them executable for the installing user (root) only, and the
# server runs as `node`.
RUN npm ci --no-audit --no-fund \
  && chmod a+rx node_modules/@ffprobe-installer/*/ffprobe node_modules/@ffmpeg-installer/*/ffmpeg
COPY tsconfig.base.json ./
COPY packages/contract packages/contract
COPY apps/server apps/server
COPY apps/web apps/web
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund \
  && rm -rf apps/web/src apps/web/e2e apps/server/test apps/server/bench apps/server/cluster

FROM ${NODE_IMAGE}
# postgresql-client: pg_dump and pg_restore of the same major version as compose.yaml's
# PostgreSQL (17 on Debian trixie), for backups of a PostgreSQL database.
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir /data \
  && chown node:node /data
WORKDIR /app
COPY --from=build --chown=root:root /app /app
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATA_DIR=/data
VOLUME /data
USER node
EXPOSE 3000
# Liveness (README "Configuration"): /api/health answers 200 while the process serves requests.
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "apps/server/src/main.ts"]
