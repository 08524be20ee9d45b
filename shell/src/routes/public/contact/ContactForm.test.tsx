import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { heldReply, startLocalApi, type ApiReply, type LocalApi } from '../../../testing/localApi.js';
import { renderPublicPage } from '../testing/renderPublicPage.js';
import { ContactForm } from './ContactForm.js';

let api: LocalApi;
let nextReply: Promise<ApiReply> | ApiReply;

beforeEach(async () => {
  nextReply = { status: 200, body: '{"ok":true}' };
  api = await startLocalApi(() => nextReply);
});

afterEach(async () => {
  cleanup();
  await api.close();
});

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fieldValue(label: string): string {
  return (screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement).value;
}

const sendButton = () => screen.getByRole('button', { name: /Send/ });

describe('ContactForm', () => {
  it('labels every field, with an e-mail input and a five-row message box', () => {
    renderPublicPage(<ContactForm />);
    for (const label of ['Name', 'Email', 'Company', 'Phone', 'Subject', 'Message']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Message').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Message').getAttribute('rows')).toBe('5');
  });

  it.each(['Name', 'Email', 'Message'])('asks for the required fields and sends nothing when %s is empty', async (missing) => {
    renderPublicPage(<ContactForm />);
    const filled = { Name: 'Dana Reyes', Email: 'dana@reyesprint.com', Message: 'Do you support Advanced plans?' };
    for (const [label, value] of Object.entries(filled)) if (label !== missing) fill(label, value);
    fill('Company', 'Reyes Print Brokers');

    fireEvent.click(sendButton());

    expect(await screen.findByText('Missing Information')).toBeTruthy();
    expect(screen.getByText('Please fill in all required fields (Name, Email, Message)')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    expect(fieldValue('Company')).toBe('Reyes Print Brokers');
  });

  it('treats a field of spaces as empty', async () => {
    renderPublicPage(<ContactForm />);
    fill('Name', '   ');
    fill('Email', 'dana@reyesprint.com');
    fill('Message', 'Hello');

    fireEvent.click(sendButton());

    expect(await screen.findByText('Missing Information')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('posts the message, shows the sending state, then thanks the visitor and clears the form', async () => {
    const held = heldReply();
    nextReply = held.reply;
    renderPublicPage(<ContactForm />);
    fill('Name', 'Dana Reyes');
    fill('Email', 'dana@reyesprint.com');
    fill('Company', 'Reyes Print Brokers');
    fill('Phone', '555-0100');
    fill('Subject', 'Onboarding');
    fill('Message', 'Do you support Advanced plans?');

    fireEvent.click(sendButton());

    expect(await screen.findByRole('button', { name: /Sending\.\.\./ })).toBeTruthy();
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]?.method).toBe('POST');
    expect(api.calls[0]?.path).toBe('/api/contact');
    expect(JSON.parse(api.calls[0]?.body ?? '')).toEqual({
      name: 'Dana Reyes',
      email: 'dana@reyesprint.com',
      company: 'Reyes Print Brokers',
      phone: '555-0100',
      subject: 'Onboarding',
      message: 'Do you support Advanced plans?',
    });

    held.release({ status: 200, body: '{"ok":true}' });

    expect(await screen.findByText('Message Sent Successfully')).toBeTruthy();
    expect(screen.getByText("Thank you for your message. We'll get back to you soon!")).toBeTruthy();
    await waitFor(() => expect(fieldValue('Name')).toBe(''));
    expect(fieldValue('Message')).toBe('');
    expect(screen.getByRole('button', { name: /Send Message/ })).toBeTruthy();
  });

  it('reports a failed send with the server message and keeps what was typed', async () => {
    nextReply = { status: 502, body: JSON.stringify({ message: 'Mail relay unavailable', code: 'BAD_GATEWAY' }) };
    renderPublicPage(<ContactForm />);
    fill('Name', 'Dana Reyes');
    fill('Email', 'dana@reyesprint.com');
    fill('Message', 'Do you support Advanced plans?');

    fireEvent.click(sendButton());

    expect(await screen.findByText('Failed to Send Message')).toBeTruthy();
    expect(screen.getByText('Mail relay unavailable')).toBeTruthy();
    expect(fieldValue('Name')).toBe('Dana Reyes');
    expect(fieldValue('Message')).toBe('Do you support Advanced plans?');
  });
});
