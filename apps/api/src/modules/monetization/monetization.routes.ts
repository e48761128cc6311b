import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdSlotsSchema,
  AdStatsSchema,
  ImpressionAnswerSchema,
  ImpressionSchema,
  MonetizationConsentSchema,
  MonetizationProfileSchema,
  MonetizationStatusSchema,
  PaymentProfileSchema,
  WithdrawalRecordSchema,
  WithdrawalSchema,
} from '@juntos/domain';
import { requestLanguage } from '../../i18n/messages';
import type { RequireAuth } from '../../plugins/authenticate';
import type { MonetizationService } from './monetization.service';

/**
 * Spec §7 "Monetisation and ads". `POST /api/ads/impressions/` (the earning call) is not named by
 * the spec: docs/api.md defines an impression.
 */
export function registerMonetizationRoutes(
  app: FastifyInstance,
  service: MonetizationService,
  requireAuth: RequireAuth,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const member = { preValidation: requireAuth };
  const tags = ['monetization'];

  routes.get(
    '/api/monetizacion/status/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Whether you take part in the earnings programme',
        response: { 200: MonetizationStatusSchema },
      },
    },
    async (request) => service.status(request.userId),
  );
  routes.post(
    '/api/monetizacion/activate/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Join the earnings programme (adults; `consent` must be true)',
        body: MonetizationConsentSchema,
        response: { 200: MonetizationStatusSchema },
      },
    },
    async (request) =>
      service.activate(request.userId, request.body?.consent, requestLanguage(request.headers)),
  );
  routes.delete(
    '/api/monetizacion/activate/',
    {
      ...member,
      schema: { tags, summary: 'Leave the earnings programme', response: { 200: MonetizationStatusSchema } },
    },
    async (request) => service.deactivate(request.userId),
  );
  routes.get(
    '/api/monetizacion/profile/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Your payment details and tokens',
        response: { 200: MonetizationProfileSchema },
      },
    },
    async (request) => service.profile(request.userId),
  );
  routes.post(
    '/api/monetizacion/profile/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Save your payment details',
        body: PaymentProfileSchema.optional(),
        response: { 200: MonetizationProfileSchema },
      },
    },
    async (request) => service.saveProfile(request.userId, request.body),
  );
  routes.post(
    '/api/monetizacion/withdrawals/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Ask for a withdrawal of tokens (at least 99)',
        body: WithdrawalSchema.optional(),
        response: { 201: WithdrawalRecordSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.withdraw(request.userId, request.body)),
  );
  routes.get(
    '/api/monetizacion/withdrawals/history/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Your withdrawals, newest first',
        response: { 200: z.array(WithdrawalRecordSchema) },
      },
    },
    async (request) => service.history(request.userId),
  );

  routes.get(
    '/api/ads/stats/',
    {
      ...member,
      schema: { tags, summary: 'Your impressions and campaigns', response: { 200: AdStatsSchema } },
    },
    async (request) => service.stats(request.userId),
  );
  routes.get(
    '/api/ads/slot/',
    { ...member, schema: { tags, summary: 'The ad slots to show you', response: { 200: AdSlotsSchema } } },
    async (request) => service.slots(request.userId),
  );
  routes.post(
    '/api/ads/impressions/',
    {
      ...member,
      schema: {
        tags,
        summary: 'Report an ad seen; the server decides whether it counts',
        body: ImpressionSchema,
        response: { 200: ImpressionAnswerSchema },
      },
    },
    async (request) => service.impression(request.userId, request.body?.slot_key),
  );
}
