import fp from 'fastify-plugin';
import type { RequireAuth } from '../../plugins/authenticate';
import { registerPostRoutes } from './posts.routes';
import type { PostsService } from './posts.service';

export { createPostsRepository, type FeedSource } from './posts.repository';
export { createPostsService, type PostsService } from './posts.service';

export type PostsModuleOptions = { service: PostsService; requireAuth: RequireAuth };

/** The feed: posts, their likes and comments. */
export const postsModule = fp<PostsModuleOptions>(
  async (app, { service, requireAuth }) => registerPostRoutes(app, service, requireAuth),
  { name: 'posts' },
);
