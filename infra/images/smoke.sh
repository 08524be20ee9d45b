#!/usr/bin/env bash
# Builds every image with buildah (infra/images/service.Containerfile for each service, and
# infra/web/Containerfile) on
# a local Node.js base (node-base.sh), then starts svc-inventory from its image, migrates it,
# serves it on the machine's PostgreSQL (a database of its own) and NATS, and waits for /readyz
# to answer 200; the web image must answer its page. Prints how long each step took.
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
cleanup() {
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
buildah run --isolation chroot --env "PORT=$web_port" --env HOST=127.0.0.1 --env WEB_ROOT=/app/web "$web" -- node svc-gateway/dist/webMain.js &
serving=$!
pids+=($serving)
wait_for "http://127.0.0.1:$web_port/"
curl -sf "http://127.0.0.1:$web_port/remotes/mfe-catalog/mf-manifest.json" >/dev/null
step "web from its image: the shell and a remote's manifest answer"
kill -TERM "$(listener_pid "$web_port")"
wait "$serving"

pids=()
cleanup
trap - EXIT
psql "$admin_url" -q -c "DROP DATABASE IF EXISTS $database WITH (FORCE)" >/dev/null
step "done"
