import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../src/domain/schemas/auth';
import { noteSchema, saveNoteBodySchema } from '../../../src/domain/schemas/booking';
import { requireCaller } from '../../plugins/auth';
import type { NotesService } from './notes.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

const tags = ['Notes'];

export const notesRoutes: FastifyPluginAsyncZod<{ notes: NotesService }> = async (app, { notes }) => {
  app.patch(
    '/api/save',
    {
      config: { access: 'member' },
      schema: {
        tags,
        body: saveNoteBodySchema,
        response: { 200: noteSchema, ...errors, 413: errorBodySchema, 415: errorBodySchema },
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
        params: z.object({ uniqueId: z.string().min(1).max(300) }),
        response: { 200: noteSchema, ...errors },
      },
    },
    async (request) => notes.get(requireCaller(request), request.params.uniqueId),
  );
};
