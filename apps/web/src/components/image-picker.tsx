import { useId, type Ref } from 'react';
import { useObjectUrl } from '../lib/use-object-url';
import './ui/field.css';
import './image-picker.css';

/**
 * A labelled file input for one image with a preview of the chosen file (the server checks the
 * content; `accept` only helps the system's file picker). `ref` lets a form focus it when invalid.
 */
export function ImagePicker({
  ref,
  label,
  hint,
  previewAlt,
  file,
  error,
  onChange,
}: {
  ref?: Ref<HTMLInputElement>;
  label: string;
  hint: string;
  previewAlt: string;
  file: File | undefined;
  error?: string | undefined;
  onChange: (file: File | undefined) => void;
}) {
  const id = useId();
  // A file refused for its size is not shown: the member sees the error in its place.
  const preview = useObjectUrl(error ? undefined : file);

  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        type="file"
        accept="image/*"
        className="field__control"
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.files?.[0])}
      />
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
      {preview && <img className="image-preview" src={preview} alt={previewAlt} />}
    </div>
  );
}
