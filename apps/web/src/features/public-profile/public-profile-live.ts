import { isFriendNotification } from '@juntos/domain';
import type { LiveFrameHandlers } from '../../lib/live-frames';
import { publicProfileKey } from './public-profile-api';

/** A friendship change with a member reloads their profile (its friendship button and status). */
export const publicProfileLiveFrames: LiveFrameHandlers = {
  notification({ data }, { queryClient }) {
    if (isFriendNotification(data.type))
      void queryClient.invalidateQueries({ queryKey: publicProfileKey(data.sender_id) });
  },
};
