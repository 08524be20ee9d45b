#!/bin/sh
# The build stage of every image: each Containerfile runs it alike, on the same sources, so
# buildah runs it once and takes it from its layer cache for the other images. It builds the
# services and the front-ends and lays out under /out/<image>/ what each image keeps.
set -eu
remotes="mfe-purchase-orders mfe-sales-orders mfe-pull-tickets mfe-catalog"
projects="svc-gateway svc-inventory svc-sync svc-documents shell $remotes"
npx nx run-many -t build --parallel=2 --outputStyle=static --projects="$(echo $projects | sed 's|[^ ]*|@printpool/&|g; s| |,|g')"

# A service's build output with the libraries it loads (their package.json: Node resolves them by it).
server() {
  for dir in libs/contracts libs/domain libs/service-kit "$2"; do
    mkdir -p "$1/$dir"
    cp -r "$dir/package.json" "$dir/dist" "$1/$dir/"
  done
  cp package.json "$1/"
}
for service in svc-gateway svc-inventory svc-sync svc-documents; do server "/out/$service" "$service"; done

# The web image: svc-gateway's static server (webMain.js) as one bundled file with what it loads
# (Koa and its static-file middleware, no database or event bus: service-kit's `./web` export),
# and a web root of every front-end (web-all) or of one alone (web-shell, web-mfe-catalog, ...).
npx esbuild svc-gateway/dist/webMain.js --bundle --platform=node --target=node20 --format=esm --log-level=warning \
  --banner:js="import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" \
  --outfile=/out/web-server.mjs
for frontend in all shell $remotes; do
  out="/out/web-$frontend"
  mkdir -p "$out" && cp /out/web-server.mjs "$out/server.mjs"
  case "$frontend" in all) apps="shell $remotes" ;; *) apps="$frontend" ;; esac
  for app in $apps; do
    if [ "$app" = shell ]; then
      mkdir -p "$out/web" && cp -r shell/dist "$out/web/shell"
    else
      mkdir -p "$out/web/remotes" && cp -r "$app/dist" "$out/web/remotes/$app"
    fi
  done
done
