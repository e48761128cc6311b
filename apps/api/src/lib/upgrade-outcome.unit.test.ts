import { describe, expect, it } from 'vitest';
import { upgradeOutcome, type UpgradeState } from './upgrade-outcome';

const state = (overrides: Partial<UpgradeState>): UpgradeState => ({
  opened: false,
  answered: false,
  handedToWs: false,
  statusCode: 200,
  bytesWritten: 0,
  serverClosing: false,
  ...overrides,
});

describe('the request-log line of an upgrade', () => {
  it('says 101 for a socket that opened, however long it lived', () => {
    expect(upgradeOutcome(state({ opened: true, handedToWs: true, bytesWritten: 129 }))).toEqual({
      statusCode: 101,
      message: 'request completed',
    });
  });

  it('says the status of a refusal answered through the reply', () => {
    expect(upgradeOutcome(state({ answered: true, statusCode: 429, bytesWritten: 900 }))).toEqual({
      statusCode: 429,
      message: 'request completed',
    });
  });

  it('says 400 for a handshake ws refused, and 503 when it refused because the server was closing', () => {
    expect(upgradeOutcome(state({ handedToWs: true, bytesWritten: 120 })).statusCode).toBe(400);
    expect(
      upgradeOutcome(state({ handedToWs: true, bytesWritten: 120, serverClosing: true })).statusCode,
    ).toBe(503);
  });

  it('says 499 "request aborted" when the client left before anything was written to it', () => {
    const aborted = { statusCode: 499, message: 'request aborted' };
    // While its token was checked: nothing was handed to ws yet.
    expect(upgradeOutcome(state({}))).toEqual(aborted);
    // After the check: ws found the connection gone and wrote nothing.
    expect(upgradeOutcome(state({ handedToWs: true }))).toEqual(aborted);
  });
});
