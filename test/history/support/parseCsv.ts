/**
 * RFC 4180, strictly: records end in CRLF, a field is quoted when it holds a quote, a comma or
 * a line break, a quote inside one is doubled. Throws on anything else (a bare quote inside an
 * unquoted field, a lone LF, a missing final CRLF), so a writer that strays fails its test.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  if (!text.endsWith('\r\n')) throw new Error('CSV: the last record does not end in CRLF');
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('CSV: an unterminated quoted field');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r') {
        if (text[i] === '"' || text[i] === '\n') throw new Error(`CSV: ${JSON.stringify(text[i])} in an unquoted field at ${i}`);
        field += text[i++];
      }
    }
    record.push(field);
    if (text[i] === ',') {
      i++;
      continue;
    }
    if (text[i] === '\r' && text[i + 1] === '\n') {
      records.push(record);
      record = [];
      i += 2;
      continue;
    }
    throw new Error(`CSV: expected a comma or CRLF at ${i}`);
  }
  const width = records[0]?.length;
  for (const r of records) if (r.length !== width) throw new Error(`CSV: a record of ${r.length} fields under a header of ${width}`);
  return records;
}
