/** Spec §8 "Message colour": red when the text contains "Error" or the cross mark, else green. */
export function messageTone(text: string): 'error' | 'success' {
  return /error|❌/i.test(text) ? 'error' : 'success';
}

/** A form's outcome message: errors interrupt (alert), other outcomes are announced politely. */
export function FormMessage({ text, tone }: { text: string | undefined; tone?: 'error' | 'success' }) {
  if (!text) return <div role="status" className="visually-hidden" />;
  const resolvedTone = tone ?? messageTone(text);
  return (
    <p role={resolvedTone === 'error' ? 'alert' : 'status'} className={`message message--${resolvedTone}`}>
      {text}
    </p>
  );
}
