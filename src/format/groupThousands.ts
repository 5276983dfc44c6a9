/** The one thousands separator, used in the integer part of every price, size and amount. */
export const THOUSANDS_SEPARATOR = ',';

/** "1234567.89" -> "1,234,567.89"; only the integer part is grouped, a sign is kept in front. */
export function groupThousands(text: string): string {
  const m = /^(-|−|\+)?(\d+)(.*)$/.exec(text);
  if (!m) return text;
  const grouped = (m[2] ?? '').replace(/\B(?=(\d{3})+(?!\d))/g, THOUSANDS_SEPARATOR);
  return `${m[1] ?? ''}${grouped}${m[3] ?? ''}`;
}
