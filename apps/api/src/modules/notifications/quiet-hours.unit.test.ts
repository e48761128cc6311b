import { describe, expect, it } from 'vitest';
import { minutesOfDay, secondsOfQuietLeft, timeOfDay } from './quiet-hours';

const at = (iso: string) => new Date(iso);

describe('quiet hours', () => {
  it('are off unless both ends are set', () => {
    expect(secondsOfQuietLeft(at('2026-11-26T23:00:00Z'), { from: null, to: null, timeZone: 'UTC' })).toBe(0);
    expect(secondsOfQuietLeft(at('2026-11-26T23:00:00Z'), { from: 60, to: 60, timeZone: 'UTC' })).toBe(0);
  });

  it('run over midnight in the member’s time zone', () => {
    const quiet = { from: minutesOfDay('22:00'), to: minutesOfDay('07:00'), timeZone: 'Europe/Madrid' };
    // 23:30 in Madrid (UTC+1 in November): 7 h 30 min left.
    expect(secondsOfQuietLeft(at('2026-11-26T22:30:00Z'), quiet)).toBe(7.5 * 3600);
    // 06:59 in Madrid: one minute left.
    expect(secondsOfQuietLeft(at('2026-11-27T05:59:00Z'), quiet)).toBe(60);
    // 07:00 and 21:59 in Madrid: not quiet.
    expect(secondsOfQuietLeft(at('2026-11-27T06:00:00Z'), quiet)).toBe(0);
    expect(secondsOfQuietLeft(at('2026-11-26T20:59:00Z'), quiet)).toBe(0);
  });

  it('within one day', () => {
    const quiet = { from: minutesOfDay('13:00'), to: minutesOfDay('15:00'), timeZone: 'UTC' };
    expect(secondsOfQuietLeft(at('2026-11-26T14:00:30Z'), quiet)).toBe(3600 - 30);
    expect(secondsOfQuietLeft(at('2026-11-26T15:00:00Z'), quiet)).toBe(0);
  });

  it('writes and reads times of day', () => {
    expect(timeOfDay(minutesOfDay('07:05'))).toBe('07:05');
    expect(timeOfDay(0)).toBe('00:00');
  });
});
