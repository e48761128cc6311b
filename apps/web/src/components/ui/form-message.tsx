import './form-message.css';
/** Spec §8 "Message colour": red when the text contains "Error" or the cross mark, else green. */
export function messageTone(text: string): 'error' | 'success' {
  return /error|❌/i.test(text) ? 'error' : 'success';
}

/**
 * A form's outcome message: errors interrupt (alert), other outcomes are announced politely.
 * `id` lets a field name the message as its description (aria-describedby).
 */
export function FormMessage({
  text,
  tone,
  id,
}: {
  text: string | undefined;
  tone?: 'error' | 'success';
  id?: string;
}) {
  if (!text) return <div role="status" className="visually-hidden" id={id} />;
  const resolvedTone = tone ?? messageTone(text);
  return (
    <p
      id={id}
      role={resolvedTone === 'error' ? 'alert' : 'status'}
      className={`message message--${resolvedTone}`}
    >
      {text}
    </p>
  );
}
