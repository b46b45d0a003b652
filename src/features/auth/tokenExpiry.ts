import { jwtDecode } from 'jwt-decode';

/** Spec §4/§9: a token is usable while its `exp` claim is in the future. Unreadable tokens count as expired. */
export function isTokenUnexpired(token: string, nowMs: number): boolean {
  try {
    const { exp } = jwtDecode(token);
    return typeof exp === 'number' && exp * 1000 > nowMs;
  } catch {
    return false;
  }
}
