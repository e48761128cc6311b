import { useId, type ReactNode, type Ref } from 'react';
import './data-table.css';

/**
 * A captioned table in a scrolling region: on a narrow screen the table scrolls on its own, and
 * the region is focusable and named by the caption so keyboard users can scroll it too.
 */
export function DataTable({
  caption,
  columns,
  children,
  ref,
}: {
  caption: string;
  columns: string[];
  /** The table's rows (`<tr>` elements). */
  children: ReactNode;
  /** The scrolling region, for screens that move focus to the table after a row leaves it. */
  ref?: Ref<HTMLDivElement>;
}) {
  const captionId = useId();
  return (
    <div ref={ref} className="table-scroll" tabIndex={0} role="region" aria-labelledby={captionId}>
      <table className="data-table">
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
