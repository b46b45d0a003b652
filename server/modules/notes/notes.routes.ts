import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noteSchema, saveNoteBodySchema } from '../../../src/domain/schemas/booking';
import { errors, INPUT, JSON_BODY, MEMBER } from '../../lib/errorResponses';
import { requireCaller } from '../../db/signedIn';
import type { NotesService } from './notes.service';

const tags = ['Notes'];

export const notesRoutes: FastifyPluginAsyncZod<{ notes: NotesService }> = async (app, { notes }) => {
  app.patch(
    '/api/save',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Save a slot’s note',
        description: '`uniqueId` is the slot as `day-time-tour` (`2026-05-01-10:00-Old Town Walk`).',
        operationId: 'saveNote',
        body: saveNoteBodySchema,
        response: { 200: noteSchema, ...errors(MEMBER, JSON_BODY, { 403: ['SLOT_HIDDEN', 'SLOT_LOCKED'] }) },
      },
    },
    async (request) => notes.save(requireCaller(request), request.body.uniqueId, request.body.note),
  );

  // The spec's path: any single segment under /api that no other route claims is a note key.
  app.get(
    '/api/:uniqueId',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'A slot’s note',
        description: 'By its key, `day-time-tour`; a slot without a note answers an empty one.',
        operationId: 'getNote',
        params: z.object({ uniqueId: z.string().min(1).max(300) }),
        response: { 200: noteSchema, ...errors(MEMBER, INPUT, { 403: ['SLOT_HIDDEN'] }) },
      },
    },
    async (request) => notes.get(requireCaller(request), request.params.uniqueId),
  );
};
