import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { sharedDir } from './paths.js';

export const sarifSchemaPath = path.join(sharedDir, 'schemas/sarif-schema-2.1.0.json');

/** The SARIF 2.1.0 schema's validator, or undefined (with a notice) when ../shared/schemas is absent. */
export function sarifValidator() {
  if (!existsSync(sarifSchemaPath)) {
    console.log(`notice: ${sarifSchemaPath} is missing; the SARIF schema check is skipped`);
    return undefined;
  }
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv.compile(JSON.parse(readFileSync(sarifSchemaPath, 'utf8')));
}
