#!/usr/bin/env bash
# Debian's Chromium (and CJK fonts, for the Chinese terms) for the browser test of the built site.
# Playwright drives this binary; it never downloads a browser of its own.
set -euo pipefail
if command -v chromium >/dev/null && fc-list 2>/dev/null | grep -qi "noto sans cjk"; then
    exit 0
fi
if [ "$(id -u)" = 0 ]; then
    sudo=""
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    sudo="sudo"
else
    echo "Install Chromium and CJK fonts (Debian/Ubuntu: apt-get install chromium fonts-noto-cjk) and retry." >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
# Debian ships the browser as "chromium"; Ubuntu's "chromium" is a snap stub, so fall back to its deb name.
$sudo apt-get install -y -qq chromium fonts-noto-cjk >/dev/null \
    || $sudo apt-get install -y -qq chromium-browser fonts-noto-cjk >/dev/null
