/**
 * RFC 4180 read back, for the tests of perpdesk's CSV writers: quoted cells, doubled quotes,
 * commas and line breaks inside quotes, CRLF records. (pandas is not installed on the test
 * machines, so the CSV exports are parsed here; test/record also checks with Python's csv.)
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') row.push(cell), (cell = '');
    else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      (row = []), (cell = ''), i++;
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) throw new Error('the CSV does not end with CRLF');
  return rows;
}

/** The records of a CSV with a header, as objects by column name. */
export function csvRecords(csv: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(csv);
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!])));
}
