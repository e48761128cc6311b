import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { Pictogram, type PictogramName } from './pictogram';
import './button.css';

export type ButtonVariant = 'secondary' | 'primary' | 'ghost' | 'danger';
export type ButtonSize = 'medium' | 'small' | 'large';

export type ButtonLook = {
  /** `secondary` is the outlined default; `primary` is the one main action of a screen. */
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
};

/**
 * The class list of the `.button` rules in button.css, for a <Link> or <a> that must look like a
 * button but stay a link (it navigates; a button acts).
 */
export function buttonClass({ variant = 'secondary', size = 'medium', className }: ButtonLook = {}): string {
  const classes = ['button'];
  if (size !== 'medium') classes.push(`button--${size}`);
  if (variant !== 'secondary') classes.push(`button--${variant}`);
  if (className) classes.push(className);
  return classes.join(' ');
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  ButtonLook & {
    /**
     * The picture shown before the words in easy-read mode. A primary button shows a tick unless
     * it names another; `false` shows none (a button that draws an icon of its own).
     */
    pictogram?: PictogramName | false;
  };

/**
 * A button in one of the site's looks. `type` defaults to "button" so that a button placed in a
 * form never submits it by accident; a submit button says `type="submit"`.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant,
    size,
    className,
    type = 'button',
    pictogram = variant === 'primary' ? 'tick' : false,
    children,
    ...rest
  },
  ref,
) {
  return (
    <button ref={ref} type={type} className={buttonClass({ variant, size, className })} {...rest}>
      {pictogram && <Pictogram name={pictogram} />}
      {children}
    </button>
  );
});
