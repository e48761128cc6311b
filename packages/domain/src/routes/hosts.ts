import { CommunityIdParams } from '../communities';
import { ApiErrorSchema } from '../errors';
import {
  AdminRepresentativeSchema,
  AdminRepresentativesQuery,
  CommunityHostAnswerSchema,
  CommunityHostBody,
  CommunityRulesAnswerSchema,
  CommunityRulesInputSchema,
  DirectoryEntryDetailSchema,
  DirectoryEntryParams,
  InvitationParams,
  InvitationSchema,
  REPRESENTATIVE_INVITATION_DAYS,
  RepresentativeInviteSchema,
  RepresentativeStateAnswerSchema,
  RulesAcceptBody,
} from '../hosts';
import { pageOf } from '../paging';
import { IdParams } from '../route-parts';
import { defineRoute } from './define-route';

const tags = ['hosts'];
const adminTags = ['admin'];
const refused = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

/**
 * Organisations host communities (issue 35 point 1, decision 0040): directory entries with their
 * representatives (invited by e-mail, accepted by the member, confirmed by an administrator),
 * the host of a community and its rules.
 */
export const hostRoutes = {
  entry: defineRoute({
    method: 'GET',
    supporterScope: 'any',
    path: '/api/recursos/:kind/:id/',
    tags,
    summary:
      'An association or research project of the directory: the communities it hosts and its confirmed representatives you may see',
    params: DirectoryEntryParams,
    responses: { 200: DirectoryEntryDetailSchema, ...refused },
  }),
  invite: defineRoute({
    method: 'POST',
    path: '/api/recursos/:kind/:id/representantes/',
    tags,
    summary: `Invite someone by e-mail to represent the entry (administrators and its confirmed representatives; the link works ${REPRESENTATIVE_INVITATION_DAYS} days)`,
    params: DirectoryEntryParams,
    body: RepresentativeInviteSchema,
    responses: { 201: RepresentativeStateAnswerSchema, ...refused, 409: ApiErrorSchema, 429: ApiErrorSchema },
  }),
  invitation: defineRoute({
    method: 'GET',
    path: '/api/representantes/invitacion/:token/',
    tags,
    summary: 'What an invitation to represent an organisation is for (signed in)',
    params: InvitationParams,
    responses: { 200: InvitationSchema, ...refused },
  }),
  accept: defineRoute({
    method: 'POST',
    path: '/api/representantes/invitacion/:token/aceptar/',
    tags,
    summary: 'Accept an invitation sent to your address (adults only); an administrator then confirms it',
    params: InvitationParams,
    responses: { 200: RepresentativeStateAnswerSchema, ...refused, 409: ApiErrorSchema },
  }),
  stepDown: defineRoute({
    method: 'POST',
    path: '/api/representantes/:id/renunciar/',
    tags,
    summary: 'Stop representing an organisation (your own role, at any step)',
    params: IdParams,
    responses: { 200: RepresentativeStateAnswerSchema, ...refused },
  }),
  rules: defineRoute({
    method: 'PUT',
    path: '/api/comunidades/:id/normas/',
    tags: ['communities', 'hosts'],
    summary:
      "Write the community's rules (its hosts and administrators); each change is a new version, an empty text withdraws them",
    params: CommunityIdParams,
    body: CommunityRulesInputSchema,
    responses: { 200: CommunityRulesAnswerSchema, ...refused },
  }),
  acceptRules: defineRoute({
    method: 'POST',
    path: '/api/comunidades/:id/normas/aceptar/',
    tags: ['communities', 'hosts'],
    summary: 'Say you read the rules in force of a community you belong to (after they changed)',
    params: CommunityIdParams,
    body: RulesAcceptBody,
    responses: { 200: CommunityRulesAnswerSchema, ...refused },
  }),

  // ─── Administrators ─────────────────────────────────────────────────────────────────────────
  adminRepresentatives: defineRoute({
    method: 'GET',
    path: '/api/admin/representantes/',
    tags: adminTags,
    summary: 'Representatives and invitations of every directory entry, newest first (optionally one state)',
    query: AdminRepresentativesQuery,
    responses: {
      200: pageOf(AdminRepresentativeSchema),
      400: ApiErrorSchema,
      401: ApiErrorSchema,
      403: ApiErrorSchema,
    },
  }),
  confirm: defineRoute({
    method: 'POST',
    path: '/api/admin/representantes/:id/confirmar/',
    tags: adminTags,
    summary: 'Confirm an accepted representative (adults only)',
    params: IdParams,
    responses: { 200: RepresentativeStateAnswerSchema, ...refused, 409: ApiErrorSchema },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/admin/representantes/:id/',
    tags: adminTags,
    summary: 'End a representative’s role, or withdraw an invitation',
    params: IdParams,
    responses: { 200: RepresentativeStateAnswerSchema, ...refused },
  }),
  setHost: defineRoute({
    method: 'PUT',
    path: '/api/admin/comunidades/:id/anfitrion/',
    tags: adminTags,
    summary: 'Make an association the host of a community (replacing any other host)',
    params: CommunityIdParams,
    body: CommunityHostBody,
    responses: { 200: CommunityHostAnswerSchema, ...refused },
  }),
  removeHost: defineRoute({
    method: 'DELETE',
    path: '/api/admin/comunidades/:id/anfitrion/',
    tags: adminTags,
    summary: 'Unlink the community from its host (its rules are withdrawn with it)',
    params: CommunityIdParams,
    responses: { 200: CommunityHostAnswerSchema, ...refused },
  }),
};
