import type { LiveFrameHandlers } from '../../lib/live-frames';
import { notificationKeys } from './notifications-api';

/** Something was added to the notification centre or read elsewhere: the bell and the list. */
export const notificationsLiveFrames: LiveFrameHandlers = {
  notifications_changed(_frame, { queryClient }) {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  },
  connected({ queryClient }) {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  },
};
