import { z } from 'zod';
import { LANGUAGES } from '../languages';

/** A language Tourdesk speaks, by its code; the message names the field, for the person who picked it. */
export const languageSchema = z.enum(LANGUAGES, { error: `Language must be one of: ${LANGUAGES.join(', ')}` });
