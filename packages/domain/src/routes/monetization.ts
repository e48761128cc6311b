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
} from '../monetization';
import { defineRoute } from './define-route';

const tags = ['monetization'];

/**
 * Spec §7 "Monetisation and ads". `POST /api/ads/impressions/` (the earning call) is not named by
 * the spec: docs/api.md defines an impression.
 */
export const monetizationRoutes = {
  status: defineRoute({
    method: 'GET',
    path: '/api/monetizacion/status/',
    tags,
    summary: 'Whether you take part in the earnings programme',
    responses: { 200: MonetizationStatusSchema },
  }),
  activate: defineRoute({
    method: 'POST',
    path: '/api/monetizacion/activate/',
    tags,
    summary: 'Join the earnings programme (adults; `consent` must be true)',
    body: MonetizationConsentSchema,
    responses: { 200: MonetizationStatusSchema },
  }),
  deactivate: defineRoute({
    method: 'DELETE',
    path: '/api/monetizacion/activate/',
    tags,
    summary: 'Leave the earnings programme',
    responses: { 200: MonetizationStatusSchema },
  }),
  profile: defineRoute({
    method: 'GET',
    path: '/api/monetizacion/profile/',
    tags,
    summary: 'Your payment details and tokens',
    responses: { 200: MonetizationProfileSchema },
  }),
  saveProfile: defineRoute({
    method: 'POST',
    path: '/api/monetizacion/profile/',
    tags,
    summary: 'Save your payment details',
    body: PaymentProfileSchema.optional(),
    responses: { 200: MonetizationProfileSchema },
  }),
  withdraw: defineRoute({
    method: 'POST',
    path: '/api/monetizacion/withdrawals/',
    tags,
    summary: 'Ask for a withdrawal of tokens (at least 99)',
    body: WithdrawalSchema.optional(),
    responses: { 201: WithdrawalRecordSchema },
  }),
  history: defineRoute({
    method: 'GET',
    path: '/api/monetizacion/withdrawals/history/',
    tags,
    summary: 'Your withdrawals, newest first',
    responses: { 200: z.array(WithdrawalRecordSchema) },
  }),
  adStats: defineRoute({
    method: 'GET',
    path: '/api/ads/stats/',
    tags,
    summary: 'Your impressions and campaigns',
    responses: { 200: AdStatsSchema },
  }),
  adSlots: defineRoute({
    method: 'GET',
    path: '/api/ads/slot/',
    tags,
    summary: 'The ad slots to show you',
    responses: { 200: AdSlotsSchema },
  }),
  impression: defineRoute({
    method: 'POST',
    path: '/api/ads/impressions/',
    tags,
    summary: 'Report an ad seen; the server decides whether it counts',
    body: ImpressionSchema,
    responses: { 200: ImpressionAnswerSchema },
  }),
};
