// Two-factor authentication calls: status, enrolment, enable with a passcode, disable with the password, QR code.
import { ApiError } from './apiError';
import { apiBase, get, post } from './client';
import { readStorage, STORAGE_KEYS } from '../state/storage';

export interface Totp {
  secret: string;
  enabled: boolean;
  /** The otpauth:// URL authenticator apps read from the QR code. */
  url: string;
}

/** The current enrolment, or null when there is none (the server answers 1016). */
export async function getTotp(): Promise<Totp | null> {
  try {
    const res = await get<Partial<Totp>>('user/settings/totp');
    return { secret: res.secret ?? '', enabled: res.enabled ?? false, url: res.url ?? '' };
  } catch (err) {
    if (err instanceof ApiError && err.code === 1016) return null;
    throw err;
  }
}

export async function enrollTotp(): Promise<Totp> {
  const res = await post<Partial<Totp>>('user/settings/totp/enroll');
  return { secret: res.secret ?? '', enabled: res.enabled ?? false, url: res.url ?? '' };
}

export function enableTotp(passcode: string): Promise<{ message?: string }> {
  return post('user/settings/totp/enable', { passcode });
}

export function disableTotp(password: string): Promise<{ message?: string }> {
  return post('user/settings/totp/disable', { password });
}

/**
 * The server's QR code image as an object URL. The route needs the bearer token, which an <img src>
 * cannot send, so the image is fetched and handed to the page as a blob. The caller revokes the URL.
 */
export async function totpQrCodeUrl(): Promise<string> {
  const token = readStorage(STORAGE_KEYS.token);
  const res = await fetch(`${apiBase()}/user/settings/totp/qrcode`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new ApiError({ message: `HTTP ${res.status}`, status: res.status });
  return URL.createObjectURL(await res.blob());
}
