import type { ComponentProps } from 'react';
import { Button } from '../../../components/ui/button';

/**
 * A button of one row (or card) of an administrators' list. It says which item it acts on to
 * screen readers, since a column of identical "Edit" buttons tells them nothing.
 */
export function RowButton({
  itemName,
  children,
  size = 'small',
  ...button
}: ComponentProps<typeof Button> & { itemName: string }) {
  return (
    <Button size={size} {...button}>
      {children}
      <span className="visually-hidden"> {itemName}</span>
    </Button>
  );
}

/** The edit and delete buttons of one row of an administrators' table. */
export function EditDeleteButtons(props: {
  itemName: string;
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="button-row">
      <RowButton itemName={props.itemName} onClick={props.onEdit}>
        {props.editLabel}
      </RowButton>
      <RowButton itemName={props.itemName} variant="danger" onClick={props.onDelete}>
        {props.deleteLabel}
      </RowButton>
    </div>
  );
}
