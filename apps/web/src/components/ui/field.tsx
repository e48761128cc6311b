import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import './field.css';

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

/** A field's own props (label, hint, error…) apart from those passed on to its control. */
function splitDescribed<Props extends Described>({
  label,
  hint,
  error,
  describedBy,
  invalid,
  ...control
}: Props) {
  return [{ label, hint, error, describedBy, invalid }, control] as const;
}

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

/**
 * Ties a control to its hint, its error and any outside description: the control's id and ARIA
 * attributes (aria-invalid, aria-describedby), and the notes shown below it.
 */
function useDescribedControl({ hint, error, describedBy, invalid }: Omit<Described, 'label'>) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return {
    control: {
      id,
      'aria-invalid': error || invalid ? true : undefined,
      'aria-describedby': describedByIds(hint ? hintId : undefined, error ? errorId : undefined, describedBy),
    },
    notes: <FieldNotes hintId={hintId} hint={hint} errorId={errorId} error={error} />,
  };
}

type DescribedControl = ReturnType<typeof useDescribedControl>['control'];

/** The label above the control, then its notes: the layout of text inputs and selects. */
function LabelledControl({
  label,
  children,
  ...description
}: Described & { children: (control: DescribedControl) => ReactNode }) {
  const { control, notes } = useDescribedControl(description);
  return (
    <div className="field">
      <label htmlFor={control.id} className="field__label">
        {label}
      </label>
      {children(control)}
      {notes}
    </div>
  );
}

type TextFieldProps = Described &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'aria-invalid' | 'aria-describedby'> & {
    ref?: Ref<HTMLInputElement>;
  };

/** A labelled text input with its hint and error wired to it (aria-describedby, aria-invalid). */
export function TextField({ ref, ...props }: TextFieldProps) {
  const [described, input] = splitDescribed(props);
  return (
    <LabelledControl {...described}>
      {(control) => <input {...input} ref={ref} {...control} className="field__control" />}
    </LabelledControl>
  );
}

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'autoComplete'> & {
  /** The member's password as it is now, or a new one: password managers fill the first and offer to make the second. */
  purpose: 'current' | 'new';
};

/** A required password box, named for password managers by what it asks for. */
export function PasswordField({ purpose, ...props }: PasswordFieldProps) {
  return <TextField type="password" autoComplete={`${purpose}-password`} required {...props} />;
}

type TextAreaFieldProps = Described &
  Omit<
    TextareaHTMLAttributes<HTMLTextAreaElement>,
    'id' | 'className' | 'aria-invalid' | 'aria-describedby'
  > & {
    ref?: Ref<HTMLTextAreaElement>;
  };

/** A labelled multi-line text box, wired like TextField. */
export function TextAreaField({ ref, ...props }: TextAreaFieldProps) {
  const [described, textarea] = splitDescribed(props);
  return (
    <LabelledControl {...described}>
      {(control) => <textarea rows={4} {...textarea} ref={ref} {...control} className="field__control" />}
    </LabelledControl>
  );
}

type SelectFieldProps = Described &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className' | 'aria-invalid' | 'aria-describedby'> & {
    ref?: Ref<HTMLSelectElement>;
    children: ReactNode;
  };

export function SelectField({ ref, children, ...props }: SelectFieldProps) {
  const [described, select] = splitDescribed(props);
  return (
    <LabelledControl {...described}>
      {(control) => (
        <select {...select} ref={ref} {...control} className="field__control">
          {children}
        </select>
      )}
    </LabelledControl>
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
export function CheckboxField({ ref, ...props }: CheckboxFieldProps) {
  const [{ label, ...description }, input] = splitDescribed(props);
  const { control, notes } = useDescribedControl(description);
  return (
    <div className="field">
      <div className="checkbox-field">
        <input {...input} ref={ref} {...control} type="checkbox" className="checkbox-field__control" />
        <label htmlFor={control.id} className="checkbox-field__label">
          {label}
        </label>
      </div>
      {notes}
    </div>
  );
}

type RadioFieldProps = { label: ReactNode } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'className' | 'type'
> & {
    ref?: Ref<HTMLInputElement>;
  };

/**
 * One choice of a radio group, its whole label part of the click target. The group is a
 * fieldset (`form__fieldset radio-group`) whose legend asks the question.
 */
export function RadioField({ label, ref, ...input }: RadioFieldProps) {
  return (
    <label className="checkbox-field">
      <input {...input} ref={ref} type="radio" className="checkbox-field__control" />
      <span className="checkbox-field__label">{label}</span>
    </label>
  );
}
