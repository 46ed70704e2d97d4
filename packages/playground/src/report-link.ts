import { ISSUES_URL } from '@orchlint/core';

/** The issue form (.github/ISSUE_TEMPLATE/false-finding.yml) whose fields these names fill. */
export const FALSE_FINDING_FORM = 'false-finding.yml';

/** Past about this length a browser or GitHub may refuse the URL: the link is left for the reporter to paste. */
const MAX_URL = 8000;

export interface ReportedFinding {
  rule: string;
  message: string;
  /** `path:line:column`, 1-based. */
  where: string;
  version: string;
  /** The playground link that reproduces the case. */
  permalink: string;
}

/** The issue form of the project, prefilled with the finding and the link that reproduces it. */
export function falseFindingUrl(finding: ReportedFinding): string {
  const fields = (permalink: string) =>
    new URLSearchParams({
      template: FALSE_FINDING_FORM,
      title: `False finding: ${finding.rule} at ${finding.where}`,
      rule: finding.rule,
      version: finding.version,
      message: finding.message,
      permalink,
    }).toString();
  const url = `${ISSUES_URL}/new?${fields(finding.permalink)}`;
  if (url.length <= MAX_URL) return url;
  return `${ISSUES_URL}/new?${fields('(the link is too long for a URL: copy it with "Copy link" in the playground and paste it here)')}`;
}
