import './pictogram.css';

/** The pictograms of easy-read mode (decision 0028), drawn by pictogram.css. */
export type PictogramName =
  | 'tick'
  | 'arrow'
  | 'send'
  | 'pencil'
  | 'enter'
  | 'coins'
  | 'search'
  | 'globe'
  | 'person'
  | 'family'
  | 'friends'
  | 'heart'
  | 'hospital'
  | 'flask'
  | 'group'
  | 'cloud'
  | 'bubble'
  | 'close';

/**
 * A picture beside the words of a button, link or label, shown in easy-read mode only. It is
 * hidden from screen readers: the words beside it are the control's name, and a picture of a tick
 * or an arrow would add nothing but noise to it.
 */
export function Pictogram({ name }: { name: PictogramName }) {
  return <span aria-hidden="true" className={`pictogram pictogram--${name}`} />;
}
