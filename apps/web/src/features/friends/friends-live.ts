import { isFriendNotification } from '@juntos/domain';
import { setOnlineIn, type LiveFrameHandlers } from '../../lib/live-frames';
import { friendKeys } from './friends-api';

/**
 * The friends' live updates (spec §4): a friendship change reloads the requests, the badge and
 * the list; presence (a socket opening or closing, a logout) updates the list in place.
 */
export const friendsLiveFrames: LiveFrameHandlers = {
  status_update(frame, { queryClient }) {
    setOnlineIn(queryClient, friendKeys.list, frame.user_id, frame.online);
  },
  notification({ data }, { queryClient }) {
    if (isFriendNotification(data.type)) void queryClient.invalidateQueries({ queryKey: friendKeys.all });
    else if (data.type === 'user_logged_out')
      setOnlineIn(queryClient, friendKeys.list, data.sender_id, false);
  },
  // Requests and presence changed while the connection was away are read again.
  connected({ queryClient }) {
    void queryClient.invalidateQueries({ queryKey: friendKeys.all });
  },
};
