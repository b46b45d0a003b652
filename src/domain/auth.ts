// Constants and types only: the zod schemas are in ./schemas, so the app can use these without bundling zod.
export const ROLES = ['Manager', 'Guide'] as const;
export type Role = (typeof ROLES)[number];

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
/** A new password's rule as its field shows it before anything is sent. */
export const PASSWORD_RULE = `At least ${PASSWORD_MIN} characters`;

export type { AuthUser, ChangePasswordBody, Credentials, ErrorBody, RefreshResponse, SignupBody } from './schemas/auth';
