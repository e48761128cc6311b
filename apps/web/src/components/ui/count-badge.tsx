import './badge.css';
/** A count on a link: the number is shown, its text alternative says what it counts. */
export function CountBadge({ count, text }: { count: number; text: string }) {
  if (count <= 0) return null;
  return (
    <span className="badge badge--count">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">{text}</span>
    </span>
  );
}
