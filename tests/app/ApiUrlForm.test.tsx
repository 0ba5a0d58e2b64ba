// The API address form: required URL, failure with the domain, success stored and reported.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiUrlForm } from '../../src/app/ApiUrlForm';
import { appStore } from '../../src/state/store';
import { configAtom } from '../../src/state/config';

describe('API address form', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('requires a URL', async () => {
    const user = userEvent.setup();
    render(<ApiUrlForm />);
    await user.click(await screen.findByRole('button', { name: 'Change' }));
    expect(screen.getByText('A URL is required.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reports a failing address with its domain', async () => {
    const user = userEvent.setup();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    render(<ApiUrlForm />);
    await user.type(await screen.findByLabelText('Keyflow API address'), 'nowhere.test');
    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(await screen.findByText('Could not find or use an API at nowhere.test.')).toBeInTheDocument();
    expect(localStorage.getItem('API_URL')).toBeNull();
  });

  it('stores the first working address, loads its config and reports success', async () => {
    const user = userEvent.setup();
    const found = vi.fn();
    fetchMock.mockImplementation(async (url: string) =>
      url === 'http://tasks.test/api/v1/info'
        ? new Response(JSON.stringify({ version: 'v0.20.4', registration_enabled: true }), { headers: { 'content-type': 'application/json' } })
        : new Response('<html></html>', { status: 404 }),
    );
    render(<ApiUrlForm onFound={found} />);
    await user.type(await screen.findByLabelText('Keyflow API address'), 'tasks.test');
    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(await screen.findByText('Now using the API at tasks.test.')).toBeInTheDocument();
    expect(localStorage.getItem('API_URL')).toBe('http://tasks.test/api/v1');
    expect(appStore.get(configAtom)).toMatchObject({ version: 'v0.20.4', registrationEnabled: true });
    expect(found).toHaveBeenCalled();
  });

  it('starts collapsed on the sign-in screens, showing the host in use', async () => {
    const user = userEvent.setup();
    localStorage.setItem('API_URL', 'http://api.example.com/api/v1');
    render(<ApiUrlForm collapsible />);
    expect(screen.getByText(/Signing in on api\.example\.com/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Keyflow API address')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Change' }));
    // The button goes away as the form opens; its field takes the focus so the keyboard is not lost.
    const field = await screen.findByLabelText('Keyflow API address');
    expect(field).toHaveFocus();
  });

  it('closes again on the sign-in screens once a working address was found', async () => {
    const user = userEvent.setup();
    localStorage.setItem('API_URL', 'http://api.example.com/api/v1');
    fetchMock.mockImplementation(async (url: string) =>
      url === 'http://tasks.test/api/v1/info'
        ? new Response(JSON.stringify({ version: 'v0.20.4' }), { headers: { 'content-type': 'application/json' } })
        : new Response('<html></html>', { status: 404 }),
    );
    render(<ApiUrlForm collapsible />);
    await user.click(screen.getByRole('button', { name: 'Change' }));
    await user.type(await screen.findByLabelText('Keyflow API address'), 'tasks.test{Enter}');
    expect(await screen.findByText(/Signing in on tasks\.test/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Keyflow API address')).toBeNull();
  });
});
