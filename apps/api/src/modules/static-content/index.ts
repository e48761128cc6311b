import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { MediaStore } from '../../lib/media-store';
import type { PrivateMedia } from '../../lib/private-media';
import { registerStaticContent } from './static-content.routes';

export type StaticContentModuleOptions = {
  config: Config;
  mediaStore: MediaStore;
  privateMedia: PrivateMedia;
};

/**
 * Translations, legal texts, images, media and the web app. Registered last: it owns the
 * not-found handler (the client-side routing fallback).
 */
export const staticContentModule = fp<StaticContentModuleOptions>(
  async (app, { config, mediaStore, privateMedia }) =>
    registerStaticContent(app, config, mediaStore, privateMedia),
  { name: 'static-content' },
);
