#!/usr/bin/env bash
# Debian's Chromium (and CJK fonts, for the Chinese terms) for the browser test of the built site.
# Playwright drives this binary; it never downloads a browser of its own.
set -euo pipefail
if command -v chromium >/dev/null && fc-list 2>/dev/null | grep -qi "noto sans cjk"; then
    exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    echo "Install Chromium and CJK fonts (Debian: apt-get install chromium fonts-noto-cjk) and retry." >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium fonts-noto-cjk >/dev/null
