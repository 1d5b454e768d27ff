#!/usr/bin/env bash
# Installs what building, running and testing Artel needs on Debian 12, and nothing that is already there.
# Idempotent: checks each package with dpkg-query, runs `apt-get update` at most once and only when something
# is missing. Uses sudo only when not root. Safe without a terminal (CI).
set -euo pipefail

debian_packages=(
  build-essential cmake ninja-build ccache pkg-config
  libboost1.81-dev libboost-json1.81-dev libboost-url1.81-dev
  libpq-dev libssl-dev libfmt-dev libyaml-cpp-dev libargon2-dev libcurl4-openssl-dev libgd-dev libcmark-dev
  libgtest-dev libbenchmark-dev clang-format
  clang-14 libclang-rt-14-dev
  postgresql-15 postgresql-contrib-15
  python3-pytest python3-pytest-timeout python3-websocket python3-aiosmtpd python3-requests python3-yaml python3-jsonschema
  nginx-light
  wrk curl valgrind
  chromium
)

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
frontend_dir="${repo_root}/frontend"

log() { printf 'install-deps: %s\n' "$*" >&2; }

as_root() {
  if [[ ${EUID} -eq 0 ]]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo -- "$@"
  else
    log "need root or sudo to run: $*"
    exit 1
  fi
}

# Virtual packages (postgresql-contrib-15 is provided by postgresql-15 on Debian 12) count as installed
# when an installed package provides them.
provided_by_installed=""

is_installed() {
  local status
  status="$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null || true)"
  [[ ${status} == "install ok installed" ]] && return 0
  if [[ -z ${provided_by_installed} ]]; then
    provided_by_installed="$(dpkg-query -W -f='${db:Status-Abbrev} ${Provides}\n' 2>/dev/null |
      awk '$1 == "ii" { $1 = ""; print }' | tr ',' '\n' | awk '{ print $1 }' | sort -u)"
  fi
  grep -qxF -- "$1" <<<"${provided_by_installed}"
}

install_debian_packages() {
  local missing=() package
  for package in "$@"; do
    is_installed "${package}" || missing+=("${package}")
  done
  if ((${#missing[@]} == 0)); then
    log "Debian packages: all $# present"
    return 0
  fi
  log "installing ${missing[*]}"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
}

# The front end's npm packages, once frontend/package.json exists. `npm ci` is skipped while node_modules
# is newer than the lock file (nothing changed since the last install).
install_frontend_packages() {
  [[ -f ${frontend_dir}/package.json ]] || return 0
  local lock="${frontend_dir}/package-lock.json"
  if [[ -d ${frontend_dir}/node_modules && -f ${lock} && ${frontend_dir}/node_modules -nt ${lock} ]]; then
    log "npm packages: up to date"
    return 0
  fi
  # `npm install` honours the lock file; `npm ci` refuses a lock written by this npm, which leaves other
  # platforms' optional packages out of it. The lock records no tarball addresses, so npm asks the registry
  # for each package's metadata; `--prefer-offline` answers from npm's cache when it has them, so a warm
  # machine needs no network at all. A registry that stalls (EIDLETIMEOUT, which npm does not retry itself)
  # fails after a minute instead of five, and the whole install is tried again; the last try is offline.
  local attempt flags
  for attempt in 1 2 3 4; do
    flags=(--prefer-offline)
    ((attempt == 4)) && flags=(--offline)
    log "npm install in frontend/ (attempt ${attempt}: ${flags[*]})"
    if (cd "${frontend_dir}" && npm install "${flags[@]}" --no-audit --no-fund --fetch-timeout=60000 \
      --fetch-retries=4 && touch node_modules); then
      return 0
    fi
    ((attempt < 4)) && sleep $((attempt * 10))
  done
  log "npm install failed four times"
  return 1
}

if [[ -f ${frontend_dir}/package.json ]] && ! command -v npm >/dev/null 2>&1; then
  debian_packages+=(nodejs npm)
fi
install_debian_packages "${debian_packages[@]}"
install_frontend_packages
