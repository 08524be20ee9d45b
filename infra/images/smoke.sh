#!/usr/bin/env bash
# Builds every image with buildah (infra/images/service.Containerfile for each service, and
# infra/web/Containerfile) on a local Node.js base (node-base.sh), then:
# - starts svc-inventory from its image, migrates it, serves it on the machine's PostgreSQL (a
#   database of its own) and NATS, waits for /readyz to answer 200 and stops it with SIGTERM;
# - the web image must answer its page and a remote's manifest;
# - the whole product from its images (the four services and the web front-ends, each migrated
#   and started, a session signed in through the gateway, which reaches every service);
# - no service image holds PGlite, and the web image no node_modules.
# Prints how long each step took.
set -euo pipefail
cd "$(dirname "$0")/../.."

admin_url="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
nats_url="${NATS_URL:-nats://127.0.0.1:4222}"
database="printpool_images"
database_url="${admin_url%/*}/$database"
tag="${IMAGE_TAG:-smoke}"
started=$SECONDS
step() { printf '[images %3ss] %s\n' "$((SECONDS - started))" "$*"; }

step "base image"
base="$(infra/images/node-base.sh)"
step "base: $base"

# npm ci opens more files at once than buildah's default limit (1024) allows; the shell's own hard limit can be passed on.
nofile="$(ulimit -Hn)"
[ "$nofile" = unlimited ] && nofile=1048576
build() {
  local file="$1" name="$2"
  shift 2
  buildah bud --isolation chroot --layers --quiet --ulimit "nofile=$nofile:$nofile" --build-arg NODE_IMAGE="$base" "$@" -f "$file" -t "localhost/printpool/$name:$tag" . >/dev/null
  step "built $name ($(buildah inspect --type image --format '{{.Docker.Config.User}}' "localhost/printpool/$name:$tag") user)"
}
for service in svc-gateway svc-inventory svc-sync svc-documents; do build infra/images/service.Containerfile "$service" --build-arg SERVICE="$service"; done
build infra/web/Containerfile web

containers=()
pids=()
ports=()
cleanup() {
  # A process buildah runs under chroot isolation is this machine's, and outlives a killed `buildah run`.
  for port in "${ports[@]}"; do kill "$(listener_pid "$port")" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  for container in "${containers[@]}"; do buildah rm "$container" >/dev/null 2>&1 || true; done
}
trap cleanup EXIT

# The process listening on a port: under chroot isolation it is a process of this machine.
listener_pid() { ss -Hltnp "sport = :$1" | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2; }
free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
wait_for() {
  local url="$1" deadline=$((SECONDS + 60))
  until [ "$(curl -s -o /dev/null -w '%{http_code}' "$url")" = 200 ]; do
    if [ $SECONDS -ge $deadline ]; then
      echo "$url did not answer 200 within 60 s" >&2
      return 1
    fi
    sleep 0.5
  done
}

psql "$admin_url" -q -c "DROP DATABASE IF EXISTS $database WITH (FORCE)" -c "CREATE DATABASE $database" >/dev/null
inventory="$(buildah from --isolation chroot "localhost/printpool/svc-inventory:$tag")"
containers+=("$inventory")
env=(--env "DATABASE_URL=$database_url" --env "NATS_URL=$nats_url" --env "INTERNAL_TOKEN_SECRET=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')" --env "DOCUMENTS_URL=http://127.0.0.1:9")
[ "$(buildah run --isolation chroot "$inventory" -- id -u)" != 0 ] || { echo "svc-inventory runs as root" >&2; exit 1; }
buildah run --isolation chroot "${env[@]}" "$inventory" -- node svc-inventory/dist/main.js migrate
step "svc-inventory migrated from its image"
port="$(free_port)"
buildah run --isolation chroot "${env[@]}" --env "PORT=$port" --env HOST=127.0.0.1 "$inventory" -- node svc-inventory/dist/main.js &
serving=$!
pids+=($serving)
wait_for "http://127.0.0.1:$port/readyz"
step "svc-inventory from its image: /readyz 200 on port $port"
# SIGTERM to the service itself (buildah run does not pass signals on): it drains and exits 0.
kill -TERM "$(listener_pid "$port")"
wait "$serving"
step "svc-inventory stopped on SIGTERM with exit code 0"

web="$(buildah from --isolation chroot "localhost/printpool/web:$tag")"
containers+=("$web")
web_port="$(free_port)"
buildah run --isolation chroot --env "PORT=$web_port" --env HOST=127.0.0.1 --env WEB_ROOT=/app/web "$web" -- node server.mjs &
serving=$!
pids+=($serving)
wait_for "http://127.0.0.1:$web_port/"
curl -sf "http://127.0.0.1:$web_port/remotes/mfe-catalog/mf-manifest.json" >/dev/null
step "web from its image: the shell and a remote's manifest answer"
kill -TERM "$(listener_pid "$web_port")"
wait "$serving"

for service in svc-gateway svc-inventory svc-sync svc-documents; do
  container="$(buildah from --isolation chroot "localhost/printpool/$service:$tag")"
  containers+=("$container")
  buildah run --isolation chroot "$container" -- test ! -e node_modules/@electric-sql/pglite || { echo "$service's image holds PGlite" >&2; exit 1; }
done
buildah run --isolation chroot "$web" -- test ! -e node_modules || { echo "the web image holds node_modules" >&2; exit 1; }
step "no service image holds PGlite, the web image no node_modules"

# The whole product, each part from its image, on one database and NATS, as the Kubernetes manifests run it.
psql "$admin_url" -q -c "DROP DATABASE IF EXISTS $database WITH (FORCE)" -c "CREATE DATABASE $database" >/dev/null
declare -A port_of
for part in svc-gateway svc-inventory svc-sync svc-documents web; do
  port_of[$part]="$(free_port)"
  ports+=("${port_of[$part]}")
done
gateway="http://127.0.0.1:${port_of[svc-gateway]}"
product=(
  --env "DATABASE_URL=$database_url" --env "NATS_URL=$nats_url" --env HOST=127.0.0.1
  --env "INTERNAL_TOKEN_SECRET=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')"
  --env "INVENTORY_URL=http://127.0.0.1:${port_of[svc-inventory]}" --env "SYNC_URL=http://127.0.0.1:${port_of[svc-sync]}"
  --env "DOCUMENTS_URL=http://127.0.0.1:${port_of[svc-documents]}"
  --env SMTP_URL=smtp://127.0.0.1:9 --env QBO_CLIENT_ID=smoke --env QBO_CLIENT_SECRET=smoke
  --env "QBO_REDIRECT_URI=$gateway/api/quickbooks/callback" --env "QBO_TOKEN_KEY=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')"
  --env "PUBLIC_ORIGIN=$gateway" --env AUTH_DEV_LOGIN=true
  --env "REMOTE_MFE_CATALOG_URL=http://127.0.0.1:${port_of[web]}/remotes/mfe-catalog/mf-manifest.json"
)
for service in svc-inventory svc-documents svc-sync svc-gateway; do
  container="$(buildah from --isolation chroot "localhost/printpool/$service:$tag")"
  containers+=("$container")
  buildah run --isolation chroot "${product[@]}" "$container" -- node "$service/dist/main.js" migrate
  buildah run --isolation chroot "${product[@]}" --env "PORT=${port_of[$service]}" "$container" -- node "$service/dist/main.js" &
  pids+=($!)
done
web="$(buildah from --isolation chroot "localhost/printpool/web:$tag")"
containers+=("$web")
buildah run --isolation chroot --env "PORT=${port_of[web]}" --env HOST=127.0.0.1 --env WEB_ROOT=/app/web "$web" -- node server.mjs &
pids+=($!)
for part in svc-inventory svc-documents svc-sync svc-gateway; do wait_for "http://127.0.0.1:${port_of[$part]}/readyz"; done
wait_for "http://127.0.0.1:${port_of[web]}/"
step "the whole product from its images: every part ready"
jar="$(mktemp)"
curl -sf -c "$jar" -H "Origin: $gateway" -H 'Content-Type: application/json' -d '{"email":"smoke@printpool.test"}' "$gateway/api/dev-login" >/dev/null
curl -sf -b "$jar" "$gateway/api/auth/user" | grep -q '"email":"smoke@printpool.test"'
# Through the gateway to each service, as the signed-in member.
for path in /api/purchase-orders /api/quickbooks/status /api/email-logs /remotes.json; do
  curl -sf -b "$jar" -o /dev/null "$gateway$path" || { echo "$path did not answer 200 through the gateway" >&2; exit 1; }
done
rm -f "$jar"
step "signed in through the gateway; purchase orders, QuickBooks status and the communication log answer"
for part in svc-gateway svc-inventory svc-sync svc-documents web; do kill -TERM "$(listener_pid "${port_of[$part]}")" 2>/dev/null || true; done
for pid in "${pids[@]}"; do wait "$pid" || true; done

pids=()
cleanup
trap - EXIT
psql "$admin_url" -q -c "DROP DATABASE IF EXISTS $database WITH (FORCE)" >/dev/null
step "done"
