#!/bin/sh
# Lays out each deployable's runtime folder under OUT, from a built checkout: what the image's
# build stage does, and what the deploy-folder test checks without a Docker engine.
#   infra/docker/deploy.sh OUT [NAME ...]
# NAME: identity billing questions moderation notifications gateway (a Node process; the
# gateway with the web shell in frontends/shell/dist), members experts staff (a remote's build
# beside the static host that serves it). No NAME: all of them.
set -eu
out=$1
shift
[ "$#" -gt 0 ] || set -- identity billing questions moderation notifications gateway members experts staff

# The package, its built workspace dependencies and its production modules only. Optional peers
# are not installed, so PGlite (the embedded mode's database) and, for the gateway and the
# remotes' host, drizzle and postgres.js stay out.
deploy() {
  pnpm --filter "@uapqa/$1" deploy --prod --legacy --config.auto-install-peers=false "$2" >/dev/null
}

for name in "$@"; do
  case "$name" in
    members | experts | staff)
      deploy remote-host "$out/$name"
      cp -r "frontends/$name/dist" "$out/$name/site"
      ;;
    gateway)
      deploy gateway "$out/gateway"
      mkdir -p "$out/gateway/frontends/shell"
      cp -r frontends/shell/dist "$out/gateway/frontends/shell/dist"
      ;;
    *) deploy "$name" "$out/$name" ;;
  esac
done
