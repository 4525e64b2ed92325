/**
 * Formatting for the creator studio (dashboard, sales, earnings), shared by the pages, the
 * islands and the CSV export. Pure.
 */

/** $1,234.56 (always two decimals; 0 is $0.00, unlike product prices where 0 is 'Free'). */
export function formatMoney(value: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number.isFinite(value) ? value : 0);
}

/** 1,234 */
export function formatInteger(value: number): string {
  return new Intl.NumberFormat('en-US').format(Math.round(value));
}

/** A ratio as a percentage with one decimal, or an em dash when there is nothing to divide by. */
export function formatPercent(part: number, whole: number): string {
  if (!whole) return '—';
  return `${((part / whole) * 100).toFixed(1).replace(/\.0$/, '')}%`;
}

/** 'Nov 22' for chart axes (UTC dates as YYYY-MM-DD). */
export function shortDate(isoDay: string): string {
  return new Date(`${isoDay}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/**
 * One CSV cell: quoted when needed, and a leading = + - @ (or tab/CR) neutralized with an
 * apostrophe so a spreadsheet never runs a formula from a product title (CSV injection). A
 * plain decimal number such as a refund's -19.99 is data, not a formula, and stays a number.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
