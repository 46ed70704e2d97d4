import { isNode, isPair } from 'yaml';
import type { At } from './rule.js';
import type { Span } from './source.js';
import { spanOfNode } from './tree.js';

export function spanOf(at: At): Span {
  if (isNode(at) || isPair(at)) return spanOfNode(at);
  if ('node' in at) return spanOfNode(at.node);
  return at;
}
