import { useId } from 'react';
import './switch.css';

type SwitchProps = {
  label: string;
  description?: string;
  checked: boolean;
  onChange?: (checked: boolean) => void;
  /** A switch that shows a state the user cannot change (still focusable, so it is announced). */
  locked?: boolean;
  lockedText?: string;
};

/**
 * An on/off switch: a button with role="switch", so click, Enter and Space all toggle it and a
 * screen reader announces its name and state.
 */
export function Switch({ label, description, checked, onChange, locked, lockedText }: SwitchProps) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <div className="switch-row">
      <div className="switch-row__text">
        <span id={labelId} className="switch-row__label">
          {label}
        </span>
        {description && (
          <span id={descriptionId} className="switch-row__description">
            {description}
          </span>
        )}
      </div>
      <button
        type="button"
        role="switch"
        className="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={description ? descriptionId : undefined}
        aria-disabled={locked || undefined}
        onClick={() => {
          if (!locked) onChange?.(!checked);
        }}
      >
        <span className="switch__track" aria-hidden="true">
          <span className="switch__thumb" />
        </span>
        {locked && lockedText && <span className="switch__locked">{lockedText}</span>}
      </button>
    </div>
  );
}
