/** Minutes after midnight of "HH:MM", and back. */
export const minutesOfDay = (time: string): number => {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};
export const timeOfDay = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The minute of the day at `at` on the member's clock. */
function localMinute(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return value('hour') * 60 + value('minute');
}

/**
 * How many seconds remain of the member's quiet hours at `at` (0 when they are not quiet now).
 * Quiet hours may run over midnight (22:00 to 07:00). E-mails and push wait until they end.
 */
export function secondsOfQuietLeft(
  at: Date,
  quiet: { from: number | null; to: number | null; timeZone: string },
): number {
  if (quiet.from === null || quiet.to === null || quiet.from === quiet.to) return 0;
  const now = localMinute(at, quiet.timeZone);
  const overMidnight = quiet.from > quiet.to;
  const inside = overMidnight ? now >= quiet.from || now < quiet.to : now >= quiet.from && now < quiet.to;
  if (!inside) return 0;
  const minutesLeft = (quiet.to - now + 24 * 60) % (24 * 60);
  return minutesLeft * 60 - at.getUTCSeconds();
}
