// `node --import ./record-modules.mjs …`: appends the URL of every module the process loads to the
// file ORCHLINT_RECORD_MODULES names, one a line, so a test can tell what a command loaded.
import { register } from 'node:module';

register(
  `data:text/javascript,${encodeURIComponent(`
    import { appendFileSync } from 'node:fs';
    export async function load(url, context, next) {
      if (process.env.ORCHLINT_RECORD_MODULES) appendFileSync(process.env.ORCHLINT_RECORD_MODULES, url + '\\n');
      return next(url, context);
    }
  `)}`,
);
