import { type ContactBody, FORM_TEXT_MAX } from '@uapqa/contracts';
import {
  Button,
  Card,
  Field,
  fieldErrorProps,
  Input,
  Muted,
  PageTitle,
  Textarea,
  toast,
} from '@uapqa/ui';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { contactResolver } from '../forms/resolvers';

type ContactInput = z.input<typeof ContactBody>;
type ContactOutput = z.output<typeof ContactBody>;

/**
 * The contact form, checked with the API's own schema: a field the API would refuse says why
 * under it (and a toast sums it up) before anything is sent.
 */
export function Contact() {
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ContactInput, unknown, ContactOutput>({
    resolver: contactResolver,
    defaultValues: { name: '', email: '', subject: '', message: '' },
  });
  const messageLength = (watch('message') ?? '').length;

  async function send(body: ContactOutput) {
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
      reset();
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to send your message. Please try again.',
        variant: 'destructive',
      });
    }
  }

  const missing = () =>
    toast({
      title: 'Missing Information',
      description: 'Please fill in all required fields.',
      variant: 'destructive',
    });

  return (
    <Card style={{ maxWidth: 640, margin: '0 auto' }}>
      <PageTitle>Contact Us</PageTitle>
      <Muted style={{ marginBottom: '1.5rem' }}>
        Questions about your membership or the archive? Write to us.
      </Muted>
      <form
        onSubmit={handleSubmit(send, missing)}
        onFocus={() => void contactResolver.preload()}
        noValidate
        aria-label="Contact"
      >
        <Field label="Name *" htmlFor="contact-name" error={errors.name?.message}>
          <Input
            id="contact-name"
            autoComplete="name"
            maxLength={FORM_TEXT_MAX.name}
            {...fieldErrorProps('contact-name', errors.name?.message)}
            {...register('name')}
          />
        </Field>
        <Field label="Email *" htmlFor="contact-email" error={errors.email?.message}>
          <Input
            id="contact-email"
            type="email"
            autoComplete="email"
            {...fieldErrorProps('contact-email', errors.email?.message)}
            {...register('email')}
          />
        </Field>
        <Field label="Subject" htmlFor="contact-subject" error={errors.subject?.message}>
          <Input
            id="contact-subject"
            maxLength={FORM_TEXT_MAX.subject}
            {...fieldErrorProps('contact-subject', errors.subject?.message)}
            {...register('subject')}
          />
        </Field>
        <Field label="Message *" htmlFor="contact-message" error={errors.message?.message}>
          <Textarea
            id="contact-message"
            maxLength={FORM_TEXT_MAX.message}
            {...fieldErrorProps(
              'contact-message',
              errors.message?.message,
              'contact-message-count',
            )}
            {...register('message')}
          />
          <Muted id="contact-message-count" style={{ textAlign: 'right', fontSize: '0.85rem' }}>
            {messageLength} / {FORM_TEXT_MAX.message} characters
          </Muted>
        </Field>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send Message'}
        </Button>
      </form>
    </Card>
  );
}
