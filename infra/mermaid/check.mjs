// Parses every ```mermaid block of the Markdown files named as arguments with Mermaid's own
// parser (mermaid.parse under jsdom: parsing needs a DOM's presence, not a browser's layout) and
// prints one line per block. Exits 1 when a block does not parse or no block was found.
import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node check.mjs <file.md>...');
  process.exit(2);
}
const dom = new JSDOM('<!doctype html><html><body></body></html>');
globalThis.window = dom.window;
globalThis.document = dom.window.document;
const { default: mermaid } = await import('mermaid');
mermaid.initialize({ startOnLoad: false });

/** The mermaid blocks of one Markdown text: the line of their first content line and their text. */
function blocks(markdown) {
  const lines = markdown.split('\n');
  const found = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^( *)```\s*mermaid\s*$/.exec(lines[i]);
    if (!open) {
      continue;
    }
    let close = i + 1;
    while (close < lines.length && !/^ *```\s*$/.test(lines[close])) {
      close++;
    }
    if (close === lines.length) {
      throw new Error(`line ${i + 1}: a mermaid block that is never closed`);
    }
    const indent = open[1].length;
    found.push({ line: i + 2, text: lines.slice(i + 1, close).map((l) => l.slice(Math.min(indent, l.search(/\S|$/)))).join('\n') });
    i = close;
  }
  return found;
}

let checked = 0;
let failed = 0;
for (const file of files) {
  let found;
  try {
    found = blocks(readFileSync(file, 'utf8'));
  } catch (e) {
    console.log(`${file}: ${e.message}`);
    failed++;
    continue;
  }
  for (const block of found) {
    checked++;
    try {
      const parsed = await mermaid.parse(block.text);
      console.log(`${file}:${block.line}: ok (${parsed.diagramType})`);
    } catch (e) {
      failed++;
      console.log(`${file}:${block.line}: does not parse: ${String(e.message ?? e).split('\n').join(' | ')}`);
    }
  }
}
console.log(`check-mermaid: ${checked} block(s), ${failed} problem(s)`);
process.exit(failed > 0 || checked === 0 ? 1 : 0);
