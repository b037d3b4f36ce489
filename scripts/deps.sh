#!/usr/bin/env bash
# Installs the Debian packages Minkowski builds with, when they are missing.
# As root: apt-get update, then apt-get install of what is missing. Otherwise: prints the command.
set -euo pipefail

PACKAGES=(
  build-essential cmake ninja-build pkg-config git
  libeigen3-dev libqhull-dev libtinyobjloader-dev libtomlplusplus-dev libcli11-dev libspdlog-dev libfmt-dev
  libhdf5-dev libbullet-dev libglfw3-dev libimgui-dev libstb-dev
  xvfb xauth libgl1-mesa-dri
  libgtest-dev libgmock-dev libbenchmark-dev
  libccd-dev libfcl-dev
  python3-numpy python3-matplotlib python3-h5py
  python3-pytest python3-dask python3-distributed
  python3-dev pybind11-dev python3-pybind11 python3-tqdm
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

cmd="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  echo "deps: installing ${missing[*]}"
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
else
  echo "deps: missing Debian packages; run as root:" >&2
  echo "  sudo sh -c '$cmd'" >&2
  exit 1
fi
