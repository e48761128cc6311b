import { Button } from '../../components/ui/button';

/**
 * The edit and delete buttons of one row of an administrators' table. Each says which row it
 * acts on to screen readers, since a column of identical "Edit" buttons tells them nothing.
 */
export function EditDeleteButtons(props: {
  itemName: string;
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="button-row">
      <Button size="small" onClick={props.onEdit}>
        {props.editLabel}
        <span className="visually-hidden"> {props.itemName}</span>
      </Button>
      <Button variant="danger" size="small" onClick={props.onDelete}>
        {props.deleteLabel}
        <span className="visually-hidden"> {props.itemName}</span>
      </Button>
    </div>
  );
}
