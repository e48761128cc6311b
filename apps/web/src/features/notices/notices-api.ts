import { queryOptions } from '@tanstack/react-query';
import type { MemberNotice } from '@juntos/domain';
import { apiRequest } from '../../lib/api-client';

export const noticeKeys = { all: ['notices'] as const };

export const fetchNotices = () => apiRequest<MemberNotice[]>('/avisos/');
export const markRead = (id: number) => apiRequest(`/avisos/${id}/leido/`, { method: 'POST' });
export const noticesQuery = () => queryOptions({ queryKey: noticeKeys.all, queryFn: fetchNotices });
