import type { ReactNode } from 'react';
import { Button } from './ui/button';
import './removable-list.css';

/**
 * What the member added to their account (passkeys, devices for notices), one per row with a
 * button that removes it. The button names its row to screen readers (`nameOf`), since a column
 * of identical "Remove" buttons tells them nothing.
 */
export function RemovableList<Item extends { id: number }>({
  items,
  details,
  nameOf,
  removeLabel,
  removing,
  onRemove,
}: {
  items: Item[];
  details: (item: Item) => ReactNode;
  nameOf: (item: Item) => string;
  removeLabel: string;
  /** A removal is under way: the buttons wait for it. */
  removing: boolean;
  onRemove: (item: Item) => void;
}) {
  return (
    <ul className="removable-list">
      {items.map((item) => (
        <li key={item.id} className="removable-list__item">
          <span>{details(item)}</span>
          <Button size="small" onClick={() => onRemove(item)} disabled={removing}>
            {removeLabel} <span className="visually-hidden">{nameOf(item)}</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}
