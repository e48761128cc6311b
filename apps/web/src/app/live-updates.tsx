import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { chatLiveFrames } from '../features/chat/chat-live';
import { friendsLiveFrames } from '../features/friends/friends-live';
import { noticesLiveFrames } from '../features/notices/notices-live';
import { notificationsLiveFrames } from '../features/notifications/notifications-live';
import { publicProfileLiveFrames } from '../features/public-profile/public-profile-live';
import { liveConnection } from '../lib/live-connection';
import { dispatchConnected, dispatchLiveFrame, type LiveFrameHandlers } from '../lib/live-frames';
import { useMeQuery } from '../lib/session';

/** The features whose screens the live connection keeps fresh, each with its own handlers. */
const LIVE_FEATURES: readonly LiveFrameHandlers[] = [
  chatLiveFrames,
  friendsLiveFrames,
  publicProfileLiveFrames,
  notificationsLiveFrames,
  noticesLiveFrames,
];

/**
 * Keeps the signed-in member's screens live (spec §4, §7): opens the connection while mounted and
 * hands each frame to the features by its type (lib/live-frames.ts), and each opening of the
 * connection to every feature, to catch up. What a frame changes is the feature's business; frames
 * the client does not know were already dropped by the connection.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const memberId = useMeQuery().data?.id ?? null;
  // Read by the handlers when a frame arrives, without opening the connection again.
  const member = useRef(memberId);
  useEffect(() => {
    member.current = memberId;
  }, [memberId]);

  useEffect(() => {
    const context = () => ({ queryClient, t, memberId: member.current });
    const stopFrames = liveConnection.subscribe((frame) =>
      dispatchLiveFrame(LIVE_FEATURES, frame, context()),
    );
    const stopStates = liveConnection.onStateChange((open) => {
      if (open) dispatchConnected(LIVE_FEATURES, context());
    });
    liveConnection.connect();
    return () => {
      stopFrames();
      stopStates();
      liveConnection.disconnect();
    };
  }, [queryClient, t]);

  return null;
}
