import fp from 'fastify-plugin';
import type { Friend } from '@juntos/domain';
import type { RequireAuth } from '../../plugins/authenticate';
import { registerChatRoutes } from './chat.routes';
import type { ChatService } from './chat.service';

export { createChatRepository } from './chat.repository';
export { createChatReportCheck, createChatService, type ChatService, type FriendsPort } from './chat.service';

export type ChatModuleOptions = {
  service: ChatService;
  /** The chat's friends list with who is online (the friendships module answers it). */
  friendsWithPresence: (userId: number) => Promise<Friend[]>;
  requireAuth: RequireAuth;
};

/**
 * The chat's HTTP side (history, unread counts, settings); its frames travel through
 * the realtime socket gateway, which calls the service as its ChatFramesPort.
 */
export const chatModule = fp<ChatModuleOptions>(
  async (app, { service, friendsWithPresence, requireAuth }) =>
    registerChatRoutes(app, service, friendsWithPresence, requireAuth),
  { name: 'chat' },
);
