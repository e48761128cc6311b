import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';

type Described = {
  label: ReactNode;
  /** Shown before the member types (a rule, an example); read with the field. */
  hint?: ReactNode;
  /** Shown once the field is wrong; marks the field invalid and is read with it. */
  error?: string | undefined;
  /** Another element that also describes the field, such as a form-level message. */
  describedBy?: string | undefined;
  /** Marks the field invalid when its message is shown elsewhere (see describedBy). */
  invalid?: boolean | undefined;
};

function describedByIds(...ids: (string | undefined)[]) {
  const joined = ids.filter(Boolean).join(' ');
  return joined || undefined;
}

function FieldNotes({
  hintId,
  hint,
  errorId,
  error,
}: {
  hintId: string;
  hint?: ReactNode;
  errorId: string;
  error?: string | undefined;
}) {
  return (
    <>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </>
  );
}

type TextFieldProps = Described &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'aria-invalid' | 'aria-describedby'> & {
    ref?: Ref<HTMLInputElement>;
  };

/** A labelled text input with its hint and error wired to it (aria-describedby, aria-invalid). */
export function TextField({ label, hint, error, describedBy, invalid, ref, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        {...input}
        ref={ref}
        id={id}
        className="field__control"
        aria-invalid={error || invalid ? true : undefined}
        aria-describedby={describedByIds(hint ? hintId : undefined, error ? errorId : undefined, describedBy)}
      />
      <FieldNotes hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
}

type SelectFieldProps = Described &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className' | 'aria-invalid' | 'aria-describedby'> & {
    ref?: Ref<HTMLSelectElement>;
    children: ReactNode;
  };

export function SelectField({
  label,
  hint,
  error,
  describedBy,
  invalid,
  ref,
  children,
  ...select
}: SelectFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select
        {...select}
        ref={ref}
        id={id}
        className="field__control"
        aria-invalid={error || invalid ? true : undefined}
        aria-describedby={describedByIds(hint ? hintId : undefined, error ? errorId : undefined, describedBy)}
      >
        {children}
      </select>
      <FieldNotes hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
}

type CheckboxFieldProps = Described &
  Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'id' | 'className' | 'type' | 'aria-invalid' | 'aria-describedby'
  > & {
    ref?: Ref<HTMLInputElement>;
  };

/** A checkbox whose whole label is part of the click target. */
export function CheckboxField({
  label,
  hint,
  error,
  describedBy,
  invalid,
  ref,
  ...input
}: CheckboxFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <div className="checkbox-field">
        <input
          {...input}
          ref={ref}
          id={id}
          type="checkbox"
          className="checkbox-field__control"
          aria-invalid={error || invalid ? true : undefined}
          aria-describedby={describedByIds(
            hint ? hintId : undefined,
            error ? errorId : undefined,
            describedBy,
          )}
        />
        <label htmlFor={id} className="checkbox-field__label">
          {label}
        </label>
      </div>
      <FieldNotes hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
}
