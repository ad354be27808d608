import type { ComponentProps, ReactNode } from 'react';

/** A column of a stacked table: its header, whose name also labels each of its cells on a phone. */
export interface Column {
  name: string;
  /** For screen readers only, with no label before its cells: a picture's or the actions' column. */
  hidden?: boolean;
  /** The header's classes, as `text-end` above numbers. */
  className?: string;
}

interface StackedTableProps extends Omit<ComponentProps<'table'>, 'children'> {
  /** The header row's columns, by name (shown) or as a Column. */
  columns: readonly (string | Column)[];
  /** The rows: StackedRow, each with a Cell per column. */
  children: ReactNode;
  /** What the table lists, for screen readers only unless `showCaption`. */
  caption?: ReactNode;
  showCaption?: boolean;
  /** Rows under the others (totals), drawn as they are on every screen. */
  foot?: ReactNode;
}

const asColumn = (column: string | Column): Column => (typeof column === 'string' ? { name: column } : column);

/**
 * A Bootstrap table whose rows turn into cards below the md breakpoint, each cell on a line of its
 * own after its column's name (styles/_tables.scss), the header row left to screen readers. Some
 * browsers (Safari) drop a table's semantics when CSS changes its display, hence the explicit roles.
 */
export function StackedTable({
  columns,
  children,
  caption,
  showCaption = false,
  foot,
  className,
  ...props
}: StackedTableProps) {
  return (
    <div className="table-responsive">
      <table role="table" className={['table table-stacked', className].filter(Boolean).join(' ')} {...props}>
        {caption && <caption className={showCaption ? 'caption-top' : 'visually-hidden'}>{caption}</caption>}
        <thead role="rowgroup">
          <tr role="row">
            {columns.map(asColumn).map((column) => (
              <th key={column.name} scope="col" role="columnheader" className={column.className}>
                {column.hidden ? <span className="visually-hidden">{column.name}</span> : column.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">{children}</tbody>
        {foot && <tfoot role="rowgroup">{foot}</tfoot>}
      </table>
    </div>
  );
}

export function StackedRow(props: ComponentProps<'tr'>) {
  return <tr role="row" {...props} />;
}

/** A cell; on a phone its column's `label` comes before it (none for a hidden column's cells). */
export function Cell({ label, ...props }: ComponentProps<'td'> & { label?: string }) {
  return <td role="cell" data-label={label} {...props} />;
}

/** The header of a row in the table's foot, as `Subtotal` before its sum. */
export function RowHeader(props: ComponentProps<'th'>) {
  return <th scope="row" role="rowheader" {...props} />;
}
