import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, ROLES } from '../auth';
import { companySchema, timeZoneSchema } from './company';
import { languageSchema } from './languages';

export const roleSchema = z.enum(ROLES);

/** A rule's message names its field in plain words: the 400's text is shown to the person who typed it. */
export const emailSchema = z
  .string({ error: 'Enter a valid email address' })
  .trim()
  .toLowerCase()
  .pipe(
    z.email({ message: 'Enter a valid email address' }).max(254, 'The email address can have at most 254 characters'),
  );

/** A password being chosen: `field` is how the form names it ("password", "new password"). */
export function newPasswordSchema(field: string) {
  return z
    .string({ error: `Enter a ${field}` })
    .min(PASSWORD_MIN, `The ${field} needs at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `The ${field} can have at most ${PASSWORD_MAX} characters`);
}

/** A password being checked: no length rule beyond the one every password was chosen under. */
function currentPasswordSchema(field: string) {
  return z
    .string({ error: `Enter your ${field}` })
    .min(1, `Enter your ${field}`)
    .max(PASSWORD_MAX, `The ${field} can have at most ${PASSWORD_MAX} characters`);
}

export const credentialsSchema = z.object({
  email: emailSchema,
  password: currentPasswordSchema('password'),
});
export type Credentials = z.infer<typeof credentialsSchema>;

export const signupSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema('password'),
  companyName: z
    .string()
    .trim()
    .min(1, 'Enter the company name')
    .max(100, 'The company name can have at most 100 characters')
    .optional()
    .describe('The new company’s name; without it the name comes from the email’s domain (or "My company").'),
  timezone: timeZoneSchema
    .optional()
    .describe(
      'The company’s IANA time zone as the browser knows it (`Europe/Madrid`); UTC without it. Either way the ' +
        'company answers `timezoneGuessed: true` until a Manager confirms it (PATCH the company with `timezone`).',
    ),
  language: languageSchema
    .optional()
    .describe(
      'The language the sign-up page was shown in: the new company’s `defaultLanguage` and the Manager’s own ' +
        '`language`; English without it.',
    ),
});
export type SignupBody = z.infer<typeof signupSchema>;

export const changePasswordSchema = z.object({
  /** Sent by the spec's client; the server acts on the signed-in user and ignores it. */
  email: z.string().optional(),
  oldPassword: currentPasswordSchema('old password'),
  newPassword: newPasswordSchema('new password'),
});
export type ChangePasswordBody = z.infer<typeof changePasswordSchema>;

/** PATCH /api/user/me: what a member changes of their own record. */
export const ownSettingsBodySchema = z.strictObject({
  language: languageSchema.describe('The language the app speaks to this member, on every device they sign in on.'),
});
export type OwnSettingsBody = z.infer<typeof ownSettingsBodySchema>;

/** The signed-in user of spec §3, kept in auth state and local storage. */
export const authUserSchema = z.object({
  _id: z.string(),
  email: z.string(),
  token: z.string(),
  role: roleSchema,
  assignable: z.boolean(),
  name: z.string(),
  /** The language the app speaks to them: their own choice, or their company's default when they joined. */
  language: languageSchema,
  company: companySchema,
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const authResponseSchema = z.object({ user: authUserSchema });
export const refreshResponseSchema = z.object({ accessToken: z.string(), user: authUserSchema });
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

export const messageSchema = z.object({ message: z.string() });

/** ARCHITECTURE §5: the one error body. */
export const errorBodySchema = z.object({
  error: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
