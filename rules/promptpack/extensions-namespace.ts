import { defineRule } from '@orchlint/core';
import type { PackModel } from '@orchlint/promptpack';

/** `acme.tier`, `acme:tier`, `com.acme/tier`, `x-acme-tier`: anything that carries an owner. */
const NAMESPACED = /[.:/]|^x-/;

export default defineRule<PackModel>({
  id: 'promptpack/extensions-namespace',
  dialect: 'promptpack',
  severity: 'info',
  clause: 'note',
  basis:
    'RFC 0016: extensions "Keys SHOULD be namespaced"; their contents are never interpreted (so orchlint reads only the keys)',
  summary: 'an extensions key without a namespace',
  check(pack, report) {
    for (const bag of pack.extensions) {
      for (const at of bag.keys) {
        const key = at.value;
        if (NAMESPACED.test(key)) continue;
        report({
          at,
          message:
            `extensions key '${key}' on ${bag.owner} has no namespace, so annotations from different tools can collide; ` +
            `prefix it with its owner, e.g. 'acme.${key}'`,
        });
      }
    }
  },
});
