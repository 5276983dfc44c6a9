import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Writes `npm run bench` output into docs/performance.md. The generated part sits between
 * two markers at the end of the file, one sub-section per benchmark, so running one
 * benchmark replaces only its own figures and the hand-written notes above stay as they are.
 */
const BEGIN = '<!-- bench:auto:begin -->';
const END = '<!-- bench:auto:end -->';

const INTRO = [
  '## Latest `npm run bench` figures (generated)',
  '',
  'Everything between the markers is rewritten by `npm run bench`; each benchmark replaces',
  'only its own sub-section. The notes above are written by hand.',
  '',
].join('\n');

const open = (name: string) => `<!-- bench:${name} -->`;
const close = (name: string) => `<!-- /bench:${name} -->`;

export function upsertSections(doc: string, sections: { name: string; markdown: string }[]): string {
  let text = doc;
  if (!text.includes(BEGIN) || !text.includes(END)) text = `${text.trimEnd()}\n\n${BEGIN}\n${INTRO}\n${END}\n`;
  for (const { name, markdown } of sections) {
    const block = `${open(name)}\n${markdown.trim()}\n${close(name)}`;
    const a = text.indexOf(open(name));
    const b = text.indexOf(close(name));
    if (a !== -1 && b > a) text = text.slice(0, a) + block + text.slice(b + close(name).length);
    else {
      const end = text.lastIndexOf(END);
      text = `${text.slice(0, end)}${block}\n\n${text.slice(end)}`;
    }
  }
  return text;
}

export function writeBenchDocs(file: string, sections: { name: string; markdown: string }[]): void {
  const doc = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance\n';
  writeFileSync(file, upsertSections(doc, sections));
}
