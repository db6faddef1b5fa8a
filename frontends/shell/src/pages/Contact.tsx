import { FORM_TEXT_MAX } from '@uapqa/contracts';
import { Button, Card, Field, Input, Muted, PageTitle, Textarea, toast } from '@uapqa/ui';
import { type FormEvent, useState } from 'react';

export function Contact() {
  const [pending, setPending] = useState(false);
  const [messageLength, setMessageLength] = useState(0);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    const body = {
      name: value('name'),
      email: value('email'),
      subject: value('subject'),
      message: value('message'),
    };
    if (!body.name || !body.email || !body.message) {
      toast({
        title: 'Missing Information',
        description: 'Please fill in all required fields.',
        variant: 'destructive',
      });
      return;
    }
    setPending(true);
    try {
      const response = await fetch('/api/contact', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(String(response.status));
      toast({
        title: 'Message Sent!',
        description: "Thank you for reaching out. We'll get back to you soon.",
      });
      formElement.reset();
      setMessageLength(0);
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to send your message. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <Card style={{ maxWidth: 640, margin: '0 auto' }}>
      <PageTitle>Contact Us</PageTitle>
      <Muted style={{ marginBottom: '1.5rem' }}>
        Questions about your membership or the archive? Write to us.
      </Muted>
      <form onSubmit={submit} noValidate aria-label="Contact">
        <Field label="Name *" htmlFor="contact-name">
          <Input id="contact-name" name="name" autoComplete="name" maxLength={FORM_TEXT_MAX.name} />
        </Field>
        <Field label="Email *" htmlFor="contact-email">
          <Input id="contact-email" name="email" type="email" autoComplete="email" />
        </Field>
        <Field label="Subject" htmlFor="contact-subject">
          <Input id="contact-subject" name="subject" maxLength={FORM_TEXT_MAX.subject} />
        </Field>
        <Field label="Message *" htmlFor="contact-message">
          <Textarea
            id="contact-message"
            name="message"
            maxLength={FORM_TEXT_MAX.message}
            aria-describedby="contact-message-count"
            onChange={(event) => setMessageLength(event.target.value.length)}
          />
          <Muted id="contact-message-count" style={{ textAlign: 'right', fontSize: '0.85rem' }}>
            {messageLength} / {FORM_TEXT_MAX.message} characters
          </Muted>
        </Field>
        <Button type="submit" disabled={pending}>
          {pending ? 'Sending...' : 'Send Message'}
        </Button>
      </form>
    </Card>
  );
}
