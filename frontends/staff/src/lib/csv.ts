/**
 * Tables as CSV files for the admins' reports. The tables are flat rows of numbers and names,
 * so one quoting rule (RFC 4180: a field with a comma, quote or line break is quoted, its
 * quotes doubled) is all a writer needs; no parser is involved.
 */
function field(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: string[], rows: Array<Array<string | number>>): string {
  return [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n');
}

/** Offers `csv` to the browser as a file named `name`. */
export function downloadCsv(name: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}
