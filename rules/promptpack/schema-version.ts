import { defineRule } from '@orchlint/core';
import {
  isPublishedSpecVersion,
  publishedSpecVersions,
  versionFromSchemaUrl,
  type PackModel,
} from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/schema-version',
  dialect: 'promptpack',
  severity: 'warning',
  clause: 'misbehaves',
  basis: 'derived: $schema selects the spec version a pack is checked against (spec version timeline, v1.0 to v1.9.0)',
  summary: '$schema names a PromptPack spec version that was never published',
  check(pack, report) {
    const url = pack.schemaRef?.value;
    if (typeof url !== 'string') return;
    const named = versionFromSchemaUrl(url);
    if (named === undefined || isPublishedSpecVersion(named)) return;
    report({
      at: pack.schemaRef!.node,
      message:
        `$schema names PromptPack spec v${named}, which does not exist, so the pack was checked against v${pack.specVersion} ` +
        `instead; name a published version (${publishedSpecVersions.join(', ')})`,
    });
  },
});
