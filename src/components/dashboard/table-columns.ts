/**
 * The columns of a creator table (creator.css cp-table), as data: DataTable.astro draws them
 * on the server pages, DataTable.tsx in the React islands (the API keys), so both tables have
 * one header row made the same way.
 */
export interface Column {
  label: string;
  /** Classes of the header cell: 'num' right-aligns, 'hide-sm' hides the column on phones. */
  class?: string;
  /** A column without a visible heading (actions): its label is for screen readers only. */
  hidden?: boolean;
}
