// Account deletion calls: request (mails a confirmation link), confirm with the mailed token, cancel with the password.
import { post } from './client';

export function requestDeletion(password: string): Promise<{ message?: string }> {
  return post('user/deletion/request', { password });
}

export function confirmDeletion(token: string): Promise<unknown> {
  return post('user/deletion/confirm', { token });
}

export function cancelDeletion(password: string): Promise<unknown> {
  return post('user/deletion/cancel', { password });
}
