import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { heldReply, startLocalApi, type ApiReply, type LocalApi } from '../../../testing/localApi.js';
import { renderPublicPage } from '../testing/renderPublicPage.js';
import { LoginPage } from './LoginPage.js';

let api: LocalApi;
let nextReply: Promise<ApiReply> | ApiReply;
let alerts: string[];

beforeEach(async () => {
  nextReply = { status: 401, body: 'Unknown user' };
  api = await startLocalApi(() => nextReply);
  alerts = [];
  // jsdom cannot show a dialog; record what the visitor would have been told instead.
  jest.spyOn(window, 'alert').mockImplementation((text?: unknown) => void alerts.push(String(text)));
});

afterEach(async () => {
  cleanup();
  jest.restoreAllMocks();
  await api.close();
});

const emailField = () => screen.getByLabelText('Email');
const signInButton = () => screen.getByRole('button', { name: /Sign In with Email|Signing In\.\.\./ });

describe('LoginPage', () => {
  it('keeps Sign In with Email disabled until an address is typed', () => {
    renderPublicPage(<LoginPage />, '/login');
    expect(signInButton().textContent).toContain('Sign In with Email');
    expect((signInButton() as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(emailField(), { target: { value: '   ' } });
    expect((signInButton() as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(emailField(), { target: { value: 'ops@reyesprint.com' } });
    expect((signInButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows Signing In... while the sign-in is pending and alerts when it fails', async () => {
    const held = heldReply();
    nextReply = held.reply;
    renderPublicPage(<LoginPage />, '/login');
    fireEvent.change(emailField(), { target: { value: 'ops@reyesprint.com' } });

    fireEvent.click(signInButton());

    await waitFor(() => expect(signInButton().textContent).toContain('Signing In...'));
    expect((signInButton() as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]?.method).toBe('POST');
    expect(api.calls[0]?.path).toBe('/api/dev-login');
    expect(JSON.parse(api.calls[0]?.body ?? '')).toEqual({ email: 'ops@reyesprint.com' });

    held.release({ status: 401, body: 'Unknown user' });

    await waitFor(() => expect(alerts).toEqual(['Login failed']));
    expect(signInButton().textContent).toContain('Sign In with Email');
    expect((signInButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('alerts when the server cannot be reached', async () => {
    await api.close();
    renderPublicPage(<LoginPage />, '/login');
    fireEvent.change(emailField(), { target: { value: 'ops@reyesprint.com' } });

    fireEvent.click(signInButton());

    await waitFor(() => expect(alerts).toEqual(['Login failed']));
  });

  it('signs in by itself when opened with auto=true and an email', async () => {
    renderPublicPage(<LoginPage />, '/login?auto=true&email=ops%40reyesprint.com');

    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(JSON.parse(api.calls[0]?.body ?? '')).toEqual({ email: 'ops@reyesprint.com' });
    expect((emailField() as HTMLInputElement).value).toBe('ops@reyesprint.com');
  });

  it('waits for the visitor when auto is not true', async () => {
    renderPublicPage(<LoginPage />, '/login?email=ops%40reyesprint.com');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls).toHaveLength(0);
  });
});
