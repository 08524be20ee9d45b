import { callRoute, failureMessage, useToast } from '@printpool/platform';
import { useCallback, useState } from 'react';
import { hasRequiredFields, type ContactMessage } from './contactMessage.js';

/**
 * Validates and sends a contact message, reporting the outcome in a toast.
 * Resolves to true once the message was accepted, so the caller can clear the form.
 */
export function useSendContactMessage() {
  const { toast } = useToast();
  const [sending, setSending] = useState(false);

  const send = useCallback(
    async (contact: ContactMessage): Promise<boolean> => {
      if (!hasRequiredFields(contact)) {
        toast({
          title: 'Missing Information',
          description: 'Please fill in all required fields (Name, Email, Message)',
          variant: 'destructive',
        });
        return false;
      }
      setSending(true);
      try {
        await callRoute('post /api/contact', { body: contact });
        toast({ title: 'Message Sent Successfully', description: "Thank you for your message. We'll get back to you soon!" });
        return true;
      } catch (error) {
        toast({ title: 'Failed to Send Message', description: failureMessage(error, 'Please try again later.'), variant: 'destructive' });
        return false;
      } finally {
        setSending(false);
      }
    },
    [toast],
  );

  return { send, sending };
}
