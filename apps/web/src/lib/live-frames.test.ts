import { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { dispatchLiveFrame, setOnlineIn, type LiveFrameHandlers } from './live-frames';

const context = { queryClient: new QueryClient(), t: ((key: string) => key) as TFunction, memberId: 1 };

describe('dispatching live frames to the features', () => {
  it('hands a frame to every feature that handles its type, in order, and to no other handler', () => {
    const calls: string[] = [];
    const first: LiveFrameHandlers = {
      status_update: (frame) => calls.push(`first ${frame.user_id}`),
      read_receipt: () => calls.push('first receipt'),
    };
    const second: LiveFrameHandlers = { status_update: (frame) => calls.push(`second ${frame.online}`) };
    const third: LiveFrameHandlers = { notifications_changed: vi.fn() };
    dispatchLiveFrame([first, second, third], { type: 'status_update', user_id: 4, online: true }, context);
    expect(calls).toEqual(['first 4', 'second true']);
    expect(third.notifications_changed).not.toHaveBeenCalled();
  });

  it('sets a member online in a cached list, leaving an uncached list alone', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(
      ['friends'],
      [
        { id: 4, online: false, nombre: 'Ana' },
        { id: 5, online: false, nombre: 'Bruno' },
      ],
    );
    setOnlineIn(queryClient, ['friends'], 4, true);
    setOnlineIn(queryClient, ['not cached'], 4, true);
    expect(queryClient.getQueryData(['friends'])).toEqual([
      { id: 4, online: true, nombre: 'Ana' },
      { id: 5, online: false, nombre: 'Bruno' },
    ]);
    expect(queryClient.getQueryData(['not cached'])).toBeUndefined();
  });
});
