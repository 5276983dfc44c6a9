/**
 * A generated part of a document, between `<!-- name:start -->` and `<!-- name:end -->`
 * (README's keymap and command tables): replaced by the generator, compared by the drift test.
 */
const markers = (name: string) => [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`] as const;

/** The document with the section's text replaced; undefined when the markers are absent. */
export function replaceMarkedSection(document: string, name: string, text: string): string | undefined {
  const [open, close] = markers(name);
  const start = document.indexOf(open);
  const end = document.indexOf(close);
  if (start < 0 || end < start) return undefined;
  return `${document.slice(0, start + open.length)}\n${text}${document.slice(end)}`;
}

/** The section's current text; undefined when the markers are absent. */
export function extractMarkedSection(document: string, name: string): string | undefined {
  const [open, close] = markers(name);
  const start = document.indexOf(open);
  const end = document.indexOf(close);
  if (start < 0 || end < start) return undefined;
  return document.slice(start + open.length, end).replace(/^\n/, '');
}
