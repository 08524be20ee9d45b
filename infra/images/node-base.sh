#!/usr/bin/env bash
# Makes a local Node.js base image when no image registry can be reached: a minimal Debian
# (debootstrap --variant=minbase) with this machine's own `node` binary, imported with buildah.
# Prints the image name, to pass as NODE_IMAGE. The image is kept in buildah's storage and the
# root file system under NODE_BASE_CACHE, both named after the Debian suite and Node version,
# so a second run costs seconds.
set -euo pipefail

suite="${DEBIAN_SUITE:-bookworm}"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
node_bin="$(command -v node)"
npm_dir="$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")"
version="$("$node_bin" --version | sed 's/^v//')"
npm_version="$(npm --version)"
image="localhost/printpool-node:${version}-npm${npm_version}-${suite}"
cache="${NODE_BASE_CACHE:-/var/cache/printpool/node-base}"
rootfs_tar="$cache/${suite}-minbase.tar"

if buildah inspect --type image "$image" >/dev/null 2>&1; then
  echo "$image"
  exit 0
fi

mkdir -p "$cache"
if [ ! -s "$rootfs_tar" ]; then
  work="$(mktemp -d "$cache/rootfs.XXXXXX")"
  trap 'rm -rf "$work"' EXIT
  # ca-certificates: services reach Intuit and SMTP servers over TLS; tzdata: log times.
  debootstrap --variant=minbase --include=ca-certificates,tzdata "$suite" "$work/root" "$mirror" >&2
  rm -rf "$work/root/var/cache/apt/archives/"*.deb "$work/root/var/lib/apt/lists/"*
  tar -C "$work/root" -cf "$rootfs_tar.partial" .
  mv "$rootfs_tar.partial" "$rootfs_tar"
  rm -rf "$work"
  trap - EXIT
fi

container="$(buildah from --isolation chroot scratch)"
trap 'buildah rm "$container" >/dev/null 2>&1 || true' EXIT
mount="$(buildah mount "$container")"
tar -C "$mount" -xf "$rootfs_tar"
# The binary needs only libc, libstdc++ and libgcc, which minbase carries (ldd node).
install -m 0755 "$node_bin" "$mount/usr/local/bin/node"
# The machine's own trusted certificates: build stages reach the npm registry through the same
# network as this machine, whose TLS may be signed by an authority only it trusts.
install -m 0644 /etc/ssl/certs/ca-certificates.crt "$mount/etc/ssl/certs/ca-certificates.crt"
# npm as official Node images carry it: the images' build stages install with it.
mkdir -p "$mount/usr/local/lib/node_modules"
cp -a "$npm_dir" "$mount/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$mount/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$mount/usr/local/bin/npx"
buildah umount "$container" >/dev/null
# Node and npm trust the same authorities as the system (npm otherwise only its own list).
buildah config --env NODE_ENV=production --env PATH=/usr/local/bin:/usr/bin:/bin \
  --env NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt --cmd node "$container"
buildah commit --quiet --rm "$container" "$image" >/dev/null
trap - EXIT
echo "$image"
