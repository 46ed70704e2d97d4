import { programName, type ShellCommand, type UnpinnedRun } from '@orchlint/core';

/** How the supply-chain audits of every dialect word a package fetched unpinned. */
export function unpinnedMessage(run: UnpinnedRun, where: string): string {
  const python = /^(uvx|uv tool run|pipx run)$/.test(run.runner);
  const bare = python ? run.package.replace(/[<>=~!@].*$/, '') : run.package.replace(/(.)@[^@/]*$/, '$1');
  return (
    `${run.runner} in ${where} fetches '${run.package}' from the registry at every run, whatever version it serves then: a compromised or typosquatted release runs with these permissions. ` +
    `Pin an exact version (${python ? `${bare}==X.Y.Z` : `${bare}@X.Y.Z`})`
  );
}

export function fetchedMessage(command: ShellCommand, how: string, where: string): string {
  const name = programName(command.name ?? 'curl');
  return (
    `${where} runs code it downloads (${name} … ${how}) with no check: whoever controls that URL, or the network on the way, runs commands here. ` +
    'Download to a file, check its checksum (sha256sum -c), then run it, or install a pinned release'
  );
}
