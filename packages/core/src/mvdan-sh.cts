// CommonJS on purpose: a require() inside a function is evaluated on the first call, in Node and in
// a bundle alike (rolldown and Vite keep a CommonJS module lazy behind its require), so mvdan-sh's
// GopherJS start-up (150-400 ms) is paid only by a run that parses a shell body, not by every run.
declare const require: (id: string) => unknown;

function loadMvdanSh(): unknown {
  return require('mvdan-sh');
}

export = loadMvdanSh;
