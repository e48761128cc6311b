import type { ReactNode } from 'react';
import './image-open-button.css';

/**
 * A picture (the children) as a button that opens it larger in the image viewer. Its name is
 * `label` when given, otherwise the picture's alt text and any other children. `className` is
 * the owner's class, for the picture inside.
 */
export function ImageOpenButton({
  label,
  className,
  onOpen,
  children,
}: {
  label?: string;
  className?: string;
  onOpen: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={className ? `image-open-button ${className}` : 'image-open-button'}
      aria-label={label}
      onClick={onOpen}
    >
      {children}
    </button>
  );
}
