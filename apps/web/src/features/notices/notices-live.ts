import type { LiveFrameHandlers } from '../../lib/live-frames';
import { noticeKeys } from './notices-api';

/** A moderators' notice comes with a notification: the notices panel is read again with the bell. */
export const noticesLiveFrames: LiveFrameHandlers = {
  notifications_changed(_frame, { queryClient }) {
    void queryClient.invalidateQueries({ queryKey: noticeKeys.all });
  },
  connected({ queryClient }) {
    void queryClient.invalidateQueries({ queryKey: noticeKeys.all });
  },
};
