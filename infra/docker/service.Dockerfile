# syntax=docker/dockerfile:1
# One image per deployable (a service or the gateway), chosen by the PACKAGE build argument.
# Build from the repository root:
#   docker build -f infra/docker/service.Dockerfile --build-arg PACKAGE=@uapqa/identity .
ARG NODE_VERSION=20.19

FROM node:${NODE_VERSION}-bookworm-slim AS build
RUN npm install --global pnpm@10.34.8
WORKDIR /repo
COPY . .
ARG PACKAGE
RUN test -n "${PACKAGE}" || (echo "PACKAGE build argument is required" && exit 1)
RUN pnpm install --frozen-lockfile
RUN pnpm exec turbo run build --filter="${PACKAGE}..."
# A self-contained folder: the package, its built workspace dependencies, production modules only.
RUN pnpm --filter "${PACKAGE}" deploy --prod --legacy /out

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build --chown=node:node /out /app
# Writable by the service for the volumes mounted here (notifications' .eml mailbox).
RUN mkdir -p /var/lib/uapqa/mailbox && chown -R node:node /var/lib/uapqa
USER node
CMD ["node", "dist/main.js"]
