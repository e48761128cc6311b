import type { ReactNode, Ref } from 'react';
import { DataTable } from '../../../components/data-table';
import { Button } from '../../../components/ui/button';

/** One column of an administrators' table: its header and what each row shows in it. */
export type AdminColumn<Row> = { header: string; cell: (row: Row) => ReactNode };

/** A list loaded page by page (an infinite query): what the "show more" button needs of it. */
export type PagedList = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/**
 * An administrators' list as a captioned table (see DataTable): one row per item, the columns
 * each say what they show, a sentence instead of an empty table, and a "show more" button when
 * the list comes page by page.
 */
export function AdminTable<Row extends { id: number }>({
  caption,
  columns,
  rows,
  empty,
  more,
  ref,
}: {
  caption: string;
  columns: AdminColumn<Row>[];
  rows: readonly Row[];
  /** Shown instead of the table when there is no row; without it, an empty table shows. */
  empty?: string;
  /** The paged list the rows come from, with the label of its "show more" button. */
  more?: { list: PagedList; label: string };
  /** The scrolling region, for screens that move focus to the table after a row leaves it. */
  ref?: Ref<HTMLDivElement>;
}) {
  if (rows.length === 0 && empty) return <p>{empty}</p>;
  return (
    <>
      <DataTable ref={ref} caption={caption} columns={columns.map((column) => column.header)}>
        {rows.map((row) => (
          <tr key={row.id}>
            {columns.map((column) => (
              <td key={column.header}>{column.cell(row)}</td>
            ))}
          </tr>
        ))}
      </DataTable>
      {more && <MoreButton list={more.list} label={more.label} />}
    </>
  );
}

/** "Show more" under a list loaded page by page; gone once the last page is there. */
export function MoreButton({ list, label }: { list: PagedList; label: string }) {
  if (!list.hasNextPage) return null;
  return (
    <Button disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
      {label}
    </Button>
  );
}
