import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, ROLES } from '../auth';
import { companySchema } from './company';

export const roleSchema = z.enum(ROLES);

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'A valid email is required' }).max(254));

export const credentialsSchema = z.object({
  email,
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX),
});
export type Credentials = z.infer<typeof credentialsSchema>;

export const signupSchema = z.object({
  email,
  password: z.string().min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`).max(PASSWORD_MAX),
});

export const changePasswordSchema = z.object({
  /** Sent by the spec's client; the server acts on the signed-in user and ignores it. */
  email: z.string().optional(),
  oldPassword: z.string().min(1, 'Old password is required').max(PASSWORD_MAX),
  newPassword: z
    .string()
    .min(PASSWORD_MIN, `New password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX),
});
export type ChangePasswordBody = z.infer<typeof changePasswordSchema>;

/** The signed-in user of spec §3, kept in auth state and local storage. */
export const authUserSchema = z.object({
  _id: z.string(),
  email: z.string(),
  token: z.string(),
  role: roleSchema,
  assignable: z.boolean(),
  name: z.string(),
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
