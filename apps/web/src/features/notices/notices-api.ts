import { queryOptions } from '@tanstack/react-query';
import { moderationRoutes, type MemberNotice } from '@juntos/domain';
import { apiCall, apiRequest } from '../../lib/api-client';

export const noticeKeys = { all: ['notices'] as const };

/**
 * Still `apiRequest<T>`: the route's schema keeps `data` open (a notice stored in an older shape
 * is still delivered) while the panel reads `MemberNotice`, the typed reading; moving this call
 * needs a reader from the one to the other (decision 0036, what remains).
 */
export const fetchNotices = () => apiRequest<MemberNotice[]>(moderationRoutes.notices.path);
export const markRead = (id: number) => apiCall(moderationRoutes.markNoticeRead, { params: { id } });
export const noticesQuery = () => queryOptions({ queryKey: noticeKeys.all, queryFn: fetchNotices });
