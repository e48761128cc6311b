/**
 * Likes and comments on any kind of content (decision 0012). Not a plugin: it has no routes of
 * its own; the modules that publish content create it from their database handle and keep their
 * routes.
 */
export { CONTENT_KINDS, CONTENT_SOURCES, sourceColumn, type ContentKind } from './content-kinds';
export {
  createEngagementRepository,
  type CommentRow,
  type CommentWindow,
  type EngagementRepository,
} from './engagement.repository';
export { createEngagementService, type EngagementGuard, type EngagementService } from './engagement.service';
