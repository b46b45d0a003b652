import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import { bookingReferenceUrl } from '../../../src/domain/bookingReference';
import { lookupQuerySchema, lookupSchema } from '../../../src/domain/schemas/booking';
import { errors, INPUT, MEMBER } from '../../lib/errorResponses';
import { requireCaller } from '../../db/signedIn';
import type { BookingScansService } from './bookingScans.service';

const tags = ['Bookings'];
/** The booking's rules of reading: another company's reads as not found, a Guide's window as elsewhere. */
const READ_RULES = { 403: ['SLOT_HIDDEN'], 404: ['NOT_FOUND'] } as const;

export const bookingScansRoutes: FastifyPluginAsyncZod<{ scans: BookingScansService }> = async (app, { scans }) => {
  app.get(
    '/api/bookings/:id/code.svg',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'A booking’s QR code',
        description:
          'An SVG of the QR code of `{origin}/b/{reference}`, the origin as this request reached the server (the ' +
          'proxy’s with TRUST_PROXY): a phone’s own camera app opens the booking from it.',
        operationId: 'getBookingCode',
        params: z.object({ id: z.uuid({ message: 'Not a booking id' }) }),
        response: {
          200: {
            description: 'The QR code.',
            content: { 'image/svg+xml': { schema: z.string().describe('An SVG document.') } },
          },
          ...errors(MEMBER, INPUT, READ_RULES),
        },
      },
    },
    async (request, reply) => {
      const reference = await scans.reference(requireCaller(request), request.params.id);
      const url = bookingReferenceUrl(`${request.protocol}://${request.host}`, reference);
      const svg = await QRCode.toString(url, { type: 'svg' });
      return reply.type('image/svg+xml').header('cache-control', 'private, no-store').send(svg);
    },
  );

  app.get(
    '/api/bookings/lookup',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Find a booking by a scanned or typed code',
        description:
          'The code is the booking’s `reference` (any case, spaces and dashes ignored), a channel’s reference ' +
          '(`bookingId`), a URL or text holding either (a QR code’s `/b/{reference}`, an OTA voucher), or what a ' +
          'source’s `scanPattern` extracts from it. The booking is read as every booking is: 404 for none of the ' +
          'company’s, 403 `SLOT_HIDDEN` outside a Guide’s window, phones as the company shows them.',
        operationId: 'lookupBooking',
        querystring: lookupQuerySchema,
        response: { 200: lookupSchema, ...errors(MEMBER, INPUT, READ_RULES) },
      },
    },
    async (request) => scans.lookup(requireCaller(request), request.query.code),
  );
};
