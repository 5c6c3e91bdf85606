// The skill-chat grammar colours exactly the /name tokens DSH injects
// (docs/dsh.md §8): a slash at the start or after whitespace, a name in the
// skill-name grammar, then whitespace or the end. Run: node test/grammar.test.mjs
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const vsctm = require('vscode-textmate');
const oniguruma = require('vscode-oniguruma');
const here = dirname(fileURLToPath(import.meta.url));

const wasm = readFileSync(join(dirname(require.resolve('vscode-oniguruma')), 'onig.wasm')).buffer;
await oniguruma.loadWASM(wasm);
const registry = new vsctm.Registry({
  onigLib: Promise.resolve({
    createOnigScanner: (p) => new oniguruma.OnigScanner(p),
    createOnigString: (s) => new oniguruma.OnigString(s),
  }),
  loadGrammar: async () => vsctm.parseRawGrammar(readFileSync(join(here, '..', 'syntaxes', 'skill-chat.tmLanguage.json'), 'utf8'), 'skill-chat.tmLanguage.json'),
});
const grammar = await registry.loadGrammar('text.skill-chat');

// skills returns the names coloured as skills on one line.
function skills(line) {
  const { tokens } = grammar.tokenizeLine(line, vsctm.INITIAL);
  return tokens.filter((t) => t.scopes.some((s) => s.startsWith('entity.name.function.skill'))).map((t) => line.slice(t.startIndex, t.endIndex));
}

const cases = [
  ['please /pdf-tools this', ['pdf-tools']],
  ['/pdf at the start, /docx at the end /docx', ['pdf', 'docx', 'docx']],
  ['run /release-notes.', []],
  ['(/pdf) and "/pdf" and /pdf, no', []],
  ['/a/b x/foo 5/8 //foo /Foo /foo_bar /a--b /a- https://x.test/pdf', []],
  ['/skill:pdf fill the form', ['pdf']],
  ['text /skill:pdf is not the TUI form', []],
  ['é /pdf 日本 𐐀 /docx', ['pdf', 'docx']],
];
let failed = 0;
for (const [line, want] of cases) {
  const got = skills(line);
  const ok = JSON.stringify(got) === JSON.stringify(want);
  if (!ok) failed++;
  console.log(`${ok ? 'PASS' : 'FAIL'} ${JSON.stringify(line)} colours ${JSON.stringify(got)}${ok ? '' : `, want ${JSON.stringify(want)}`}`);
}
console.log(`${cases.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
