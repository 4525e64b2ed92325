/**
 * DataTable.astro for the React islands: the same cp-table with its header row from `columns`
 * (table-columns.ts) and the body rows as children, so an island writes only its rows.
 */
import type { ReactNode } from 'react';
import type { Column } from './table-columns';

interface Props {
  columns: readonly Column[];
  /** Classes added to the table's own (cp-table). */
  className?: string;
  children: ReactNode;
}

export function DataTable({ columns, className, children }: Props) {
  return (
    <div className="cp-table-wrap">
      <table className={className ? `cp-table ${className}` : 'cp-table'}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.class}>
                {column.hidden ? <span className="visually-hidden">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
