import {
  ageOn,
  audienceAllows,
  todayIso,
  type FriendNotificationType,
  type FriendshipStatus,
  type ReportTargetType,
} from '@juntos/domain';
import { AppError, notFound } from '../../lib/app-error';
import type { Safeguarding } from '../../db/safeguarding';
import type { FanOut, OnlinePort } from '../../realtime';
import type { MemberMediaUrl } from '../../lib/private-media';
import type { Notify } from '../notifications';
import type { FriendshipsRepository } from './friendships.repository';
import type { ReportGate } from './report-gate';

const LIST_LIMIT = 500;

/**
 * Reports of chat messages and conversations go through the friendships' report route, but only
 * the chat knows who took part in one: the chat module implements this (createChatReportCheck),
 * so neither module calls the other's service.
 */
export type ChatReportsPort = {
  /** Throws a not-found AppError unless the member may report this chat message or conversation. */
  checkReportable(
    reporterId: number,
    targetType: 'chat_message' | 'chat_conversation',
    targetId: number,
  ): Promise<void>;
};

type Person = {
  nombre: string;
  apellidos: string;
  photoKey: string | null;
  ciudad: string;
  country: string;
  dateOfBirth: string;
  visibility: Partial<Record<string, string>>;
};

/**
 * Friend requests as a small state machine (spec §4 "Friendship"): none → pending (sent) or
 * received → accepted → none (unfollow). Requests to oneself, repeated requests, requests
 * across a block and across age groups are refused; a request crossing one already received
 * accepts it, so two members asking each other end as one friendship. Every change is told to
 * the other member live (spec §7 WebSocket notifications).
 */
export function createFriendshipsService(deps: {
  repository: FriendshipsRepository;
  safeguarding: Safeguarding;
  fanOut: FanOut;
  mediaUrl: MemberMediaUrl;
  /** Which of these members have a live connection (realtime presence). */
  online: OnlinePort;
  chatReports: ChatReportsPort;
  /** The per-reporter limit and the target's existence and visibility (docs/decisions/0033). */
  reportGate: Pick<ReportGate, 'admit'>;
  notify: Notify;
  /** A block ends any supporter's grant between the two, either way (decision 0047). */
  endSupportBetween: (blockerId: number, blockedId: number) => Promise<void>;
}) {
  const { repository, fanOut } = deps;
  const today = () => todayIso();

  /** What the centre keeps of a friendship change (issue 20): a request, and its acceptance. */
  const stored: Partial<Record<FriendNotificationType, 'friend_request' | 'friend_accepted'>> = {
    new_friend_request: 'friend_request',
    friend_request_accepted: 'friend_accepted',
  };
  const notify = async (to: number, type: FriendNotificationType, senderId: number, from?: string) => {
    await fanOut.publish(to, { type: 'notification', data: { type, from: from ?? '', sender_id: senderId } });
    const kind = stored[type];
    if (kind) await deps.notify({ userId: to, kind, actorId: senderId, groupKey: kind, subject: null });
  };

  async function other(viewerId: number, memberId: number) {
    if (viewerId === memberId) throw new AppError(400, 'self_request', 'friends.errors.self');
    const [viewer, member, viewerGroup] = await Promise.all([
      repository.participant(viewerId),
      repository.participant(memberId),
      deps.safeguarding.groupOf(viewerId),
    ]);
    if (!viewer) throw new AppError(409, 'profile_incomplete', 'friends.errors.profile_incomplete');
    // Told plainly: the member can do everything else while an administrator checks the account.
    if (viewerGroup === 'unreviewed_minor')
      throw new AppError(403, 'minor_review_pending', 'friends.errors.minor_review_pending');
    if (!member) throw notFound('errors.profile_not_found');
    if (!(await deps.safeguarding.mayReach(viewerId, memberId))) {
      if (await repository.isBlockedBetween(viewerId, memberId))
        throw new AppError(403, 'blocked', 'friends.errors.blocked');
      // The other age group or an unreviewed minor: the same 404 as an unknown id (DESIGN.md).
      throw notFound('errors.profile_not_found');
    }
    return { viewer, member };
  }

  const presentPerson = (viewerId: number, person: Person) => {
    const ageVisible = audienceAllows(
      (person.visibility.date_of_birth as 'members' | 'friends' | 'only_me' | undefined) ?? 'members',
      'member',
    );
    return {
      nombre: person.nombre,
      apellidos: person.apellidos,
      photo: person.photoKey ? deps.mediaUrl(person.photoKey, viewerId) : null,
      ciudad: person.ciudad,
      country: person.country,
      edad: ageVisible ? (ageOn(person.dateOfBirth, today()) ?? null) : null,
    };
  };

  async function statusBetween(viewerId: number, memberId: number): Promise<FriendshipStatus> {
    if (viewerId === memberId) return 'self';
    const row = await repository.friendshipBetween(viewerId, memberId);
    if (!row) return 'none';
    if (row.status === 'accepted') return 'accepted';
    return row.requesterId === viewerId ? 'pending' : 'received';
  }

  return {
    statusBetween,

    async send(viewerId: number, memberId: number): Promise<FriendshipStatus> {
      const { viewer } = await other(viewerId, memberId);
      const existing = await repository.friendshipBetween(viewerId, memberId);
      if (existing?.status === 'accepted')
        throw new AppError(409, 'already_friends', 'friends.errors.already_friends');
      if (existing && existing.requesterId === viewerId)
        throw new AppError(409, 'request_exists', 'friends.errors.request_exists');
      if (existing) {
        await repository.accept(existing.id);
        await notify(memberId, 'friend_request_accepted', viewerId, viewer.nombre);
        return 'accepted';
      }
      const created = await repository.createRequest(viewerId, memberId);
      // Lost a race with a request from the other side: that one stands; answer as it is now.
      if (!created) return statusBetween(viewerId, memberId);
      await notify(memberId, 'new_friend_request', viewerId, viewer.nombre);
      return 'pending';
    },

    async cancel(viewerId: number, memberId: number) {
      const existing = await repository.friendshipBetween(viewerId, memberId);
      if (!existing || existing.status !== 'pending' || existing.requesterId !== viewerId)
        throw notFound('friends.errors.no_request');
      await repository.removeById(existing.id);
    },

    async received(userId: number) {
      const rows = await repository.received(userId, LIST_LIMIT);
      return rows.map((row) => ({ id: row.id, sender_id: row.senderId, ...presentPerson(userId, row) }));
    },

    pendingCount: (userId: number) => repository.pendingCount(userId),
    friendIds: (userId: number) => repository.friendIds(userId, LIST_LIMIT),
    friendIdsOfEach: (userIds: readonly number[]) => repository.friendIdsOfEach(userIds, LIST_LIMIT),

    async answer(userId: number, requestId: number, accept: boolean) {
      const request = await repository.requestById(requestId);
      if (!request || request.addresseeId !== userId || request.status !== 'pending')
        throw notFound('friends.errors.no_request');
      // A request from someone the member may no longer reach (blocked, suspended, other age
      // group, or the member's own account awaiting review) cannot be accepted.
      if (accept && !(await deps.safeguarding.mayReach(userId, request.requesterId)))
        throw notFound('friends.errors.no_request');
      if (accept) await repository.accept(requestId);
      else await repository.removeById(requestId);
      // A refusal is not told to someone the member may not reach (it would carry their name).
      if (!accept && !(await deps.safeguarding.mayReach(userId, request.requesterId))) return;
      const me = await repository.participant(userId);
      await notify(
        request.requesterId,
        accept ? 'friend_request_accepted' : 'friend_request_rejected',
        userId,
        me?.nombre,
      );
    },

    async unfollow(userId: number, friendId: number) {
      const existing = await repository.friendshipBetween(userId, friendId);
      if (!existing || existing.status !== 'accepted') throw notFound('friends.errors.not_friends');
      await repository.removeById(existing.id);
      if (await deps.safeguarding.mayReach(userId, friendId))
        await notify(friendId, 'friendship_cancelled', userId);
    },

    async friends(userId: number) {
      const rows = await repository.friends(userId, LIST_LIMIT);
      const online = await deps.online.onlineAmong(rows.map((row) => row.id));
      return rows.map((row) => ({
        id: row.id,
        nombre: row.nombre,
        apellidos: row.apellidos,
        photo: row.photoKey ? deps.mediaUrl(row.photoKey, userId) : null,
        ciudad: row.ciudad,
        country: row.country,
        online: online.has(row.id),
      }));
    },

    /**
     * Any account can be blocked, complete profile or not; but someone out of the member's reach
     * only through an id the member already holds (`Safeguarding.mayActOn`), and the answer is
     * the same 404 as an unknown id otherwise, so blocking never tells who exists (issue 32).
     */
    async block(userId: number, memberId: number) {
      if (userId === memberId) throw new AppError(400, 'self_block', 'friends.errors.self');
      if (
        !(await repository.accountExists(memberId)) ||
        !(await deps.safeguarding.mayActOn(userId, memberId))
      )
        throw notFound('errors.profile_not_found');
      const hadFriendship = await repository.areFriends(userId, memberId);
      await repository.block(userId, memberId);
      await deps.endSupportBetween(userId, memberId);
      if (hadFriendship) await notify(memberId, 'friendship_cancelled', userId);
    },

    async unblock(userId: number, memberId: number) {
      const removed = await repository.unblock(userId, memberId);
      if (removed.length === 0) throw notFound('friends.errors.not_blocked');
    },

    async blocked(userId: number) {
      return (await repository.blocked(userId, LIST_LIMIT)).map((row) => ({
        id: row.id,
        nombre: row.known ? (row.nombre ?? '') : '',
        apellidos: row.known ? (row.apellidos ?? '') : '',
        photo: row.known && row.photoKey ? deps.mediaUrl(row.photoKey, userId) : null,
      }));
    },

    async report(
      userId: number,
      input: {
        target_type: ReportTargetType;
        target_id: number;
        reason: string;
        details: string;
      },
    ) {
      await deps.reportGate.admit(userId, input.target_type, input.target_id);
      if (input.target_type === 'chat_message' || input.target_type === 'chat_conversation')
        await deps.chatReports.checkReportable(userId, input.target_type, input.target_id);
      const [row] = await repository.report({
        reporterId: userId,
        targetType: input.target_type,
        targetId: input.target_id,
        reason: input.reason,
        details: input.details,
      });
      return row;
    },
  };
}

export type FriendshipsService = ReturnType<typeof createFriendshipsService>;
