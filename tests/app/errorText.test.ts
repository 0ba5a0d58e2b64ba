// The error rule of spec §8: translated message for the code, else server message, else client message.
import { beforeAll, describe, expect, it } from 'vitest';
import { errorText, errorTextAsync } from '../../src/app/errorText';
import { ApiError } from '../../src/api/apiError';
import { ensureErrorMessages } from '../../src/i18n';

describe('error text', () => {
  beforeAll(async () => {
    await ensureErrorMessages();
  });

  it('prefers the translated message for a known code', () => {
    expect(errorText(new ApiError({ code: 1011, message: 'server says', status: 412, fromServer: true }))).toBe('Wrong username or password.');
    expect(errorText(new ApiError({ code: 1, message: 'Forbidden', status: 403, fromServer: true }))).toBe('You are not allowed to do that.');
  });

  it('falls back to the server message for an unknown code or none', () => {
    expect(errorText(new ApiError({ code: 99999, message: 'Odd thing.', status: 400, fromServer: true }))).toBe('Odd thing.');
    expect(errorText(new ApiError({ message: 'Not Found', status: 404, fromServer: true }))).toBe('Not Found');
  });

  it('falls back to the client message, then a generic one', () => {
    expect(errorText(new Error('Failed to fetch'))).toBe('Failed to fetch');
    expect(errorText(undefined)).toBe('Something went wrong.');
  });

  it('loads the catalogue on demand', async () => {
    await expect(errorTextAsync(new ApiError({ code: 1017, message: 'x', status: 412 }))).resolves.toBe('The two-factor authentication code is invalid.');
  });
});
