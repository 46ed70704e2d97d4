import { formatCodeclimate } from './codeclimate.js';
import { formatCompact } from './compact.js';
import { formatGithub } from './github.js';
import { formatJson } from './json.js';
import { formatJunit } from './junit.js';
import type { Formatter } from './report.js';
import { formatSarif } from './sarif.js';
import { stylishChunks } from './stylish.js';

export * from './report.js';

export const formatters: Record<string, Formatter> = {
  stylish: stylishChunks,
  json: formatJson,
  sarif: formatSarif,
  github: formatGithub,
  junit: formatJunit,
  compact: formatCompact,
  codeclimate: formatCodeclimate,
};
